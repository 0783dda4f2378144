import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useChangePassword, useEmailRequest, type ChangePasswordAnswers } from '@/api/accounts';
import { useRouterContext } from '@/api/router-context';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { usePageStyles } from '@/ui/page-styles';
import { errorBodyOf } from './api-errors';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import type { ProfileState } from './profile-page';
import { RESET_CODE_PATH, RESET_KEY_PARAM, WITH_CODE_FORM, type ChangePasswordState } from './reset-code';
import { PATHS } from '@/shared/route-paths';
import { PostForm } from '@/ui/post-form';
import { SEND_CODE_ACTION, useAccountActionData } from './account-action-data';
import { ActionButton } from '@/engine/action-button';

/**
 * /profile/change-password: the current password and a new pair. A user who has forgotten the current password
 * asks for an e-mailed code instead, enters it on /otp and comes back here with a key that stands in for it.
 * Either way they go back to the profile, which says it worked. Sent before (or without) the page's scripts, the forms
 * are answered by the page's action (change-password-action.ts); the key then comes from /otp in the address.
 */
export default function ChangePasswordPage({ formId = 'change-password' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const email = useRouterContext().email;
  const change = useChangePassword();
  const requestCode = useEmailRequest();
  const [params] = useSearchParams();
  const answered = useAccountActionData();
  const [resetKey, setResetKey] = useState(
    () =>
      (location.state as ChangePasswordState | null)?.resetKey ??
      (answered?.keyRefused ? undefined : (params.get(RESET_KEY_PARAM) ?? undefined)),
  );
  const [problem, setProblem] = useState<string | undefined>(answered?.problem);
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(answered?.errors.length ? answered.errors : null);

  const submit = async (answers: Record<string, unknown>) => {
    setProblem(undefined);
    setFieldErrors(null);
    const body = (resetKey ? { ...answers, authKey: resetKey } : answers) as unknown as ChangePasswordAnswers;
    try {
      await change.mutateAsync(body);
    } catch (error) {
      const failure = errorBodyOf(error);
      if (!failure) return;
      if (resetKey && (failure.code === 'RESET_LINK_INVALID' || failure.fields?.some((f) => f.field === 'authKey'))) {
        // The key is spent or expired: back to the ordinary form, which offers a new code.
        setResetKey(undefined);
        navigate(location.pathname, { replace: true, state: null });
        setProblem(failure.error);
      } else if (failure.fields?.length) setFieldErrors(failure.fields);
      else setProblem(failure.error);
      return;
    }
    const state: ProfileState = { notice: 'passwordChanged' };
    navigate(PATHS.profile, { state });
  };

  const sendCode = async () => {
    setProblem(undefined);
    if (!email) return;
    try {
      await requestCode.mutateAsync({ email, emailAction: 'RESET_PASSWORD' });
    } catch (error) {
      const failure = errorBodyOf(error);
      if (failure) setProblem(failure.error);
      return;
    }
    navigate(RESET_CODE_PATH);
  };

  const back = (
    <p className={styles.links}>
      <Link className={styles.link} to={PATHS.profile}>
        {t('changePassword.back')}
      </Link>
    </p>
  );

  if (resetKey) {
    return (
      <div className={styles.page}>
        <PageHeading>{t('changePassword.title')}</PageHeading>
        <p className={styles.lead}>{t('changePassword.withCodeLead')}</p>
        {problem && <ProblemPanel message={problem} />}
        <SchemaForm
          key="with-code"
          formId={WITH_CODE_FORM}
          formData={{ authKey: resetKey }}
          onSubmit={submit}
          serverErrors={fieldErrors}
          submitLabelKey="accounts:changePassword.submit"
        >
          {back}
        </SchemaForm>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading>{t('changePassword.title')}</PageHeading>
      <p className={styles.lead}>{t('changePassword.lead')}</p>
      {problem && <ProblemPanel message={problem} />}
      <SchemaForm
        key="with-password"
        formId={formId}
        onSubmit={submit}
        serverErrors={fieldErrors}
        submitLabelKey="accounts:changePassword.submit"
      >
        {back}
      </SchemaForm>
      {email && (
        <section aria-labelledby="forgotten-current-password">
          <h2 id="forgotten-current-password" className={styles.h2}>
            {t('changePassword.forgottenTitle')}
          </h2>
          <p className={styles.text}>{t('changePassword.forgottenBody', { email })}</p>
          <PostForm>
            {/* With the page's scripts the code is asked for here; before them, the browser sends the form. */}
            <ActionButton
              action={SEND_CODE_ACTION}
              onPress={() => void sendCode()}
              appearance="secondary"
              disabled={requestCode.isPending}
            >
              {t('changePassword.sendCode')}
            </ActionButton>
          </PostForm>
        </section>
      )}
    </div>
  );
}
