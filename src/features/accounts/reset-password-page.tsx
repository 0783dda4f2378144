import { useState } from 'react';
import { DonePanel } from './done-panel';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useResetPassword, type ResetPasswordAnswers } from '@/api/accounts';
import definitions from '@schemas/definitions.schema.json';
import { usePageStyles } from '@/ui/page-styles';
import { AccountFormPage, useFormProblems } from './account-form';
import { errorBodyOf } from './api-errors';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { PATHS } from '@/shared/route-paths';

type View = 'form' | 'done' | 'invalid';

const authKeyRule = definitions.definitions.authKey;
const authKeyPattern = new RegExp(authKeyRule.pattern);

/** Whether a link's key has the shape the reset-password schema accepts (anything else cannot be a real link). */
export function isWellFormedKey(key: string): boolean {
  return key.length >= authKeyRule.minLength && key.length <= authKeyRule.maxLength && authKeyPattern.test(key);
}

/** /reset-password?authKey=...: a new password pair; then the user is sent to log in with it. */
export default function ResetPasswordPage({ formId = 'reset-password' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const [params] = useSearchParams();
  const authKey = params.get('authKey') ?? '';
  const reset = useResetPassword();
  const [view, setView] = useState<View>(isWellFormedKey(authKey) ? 'form' : 'invalid');
  const problems = useFormProblems();

  const submit = async (answers: Record<string, unknown>) => {
    problems.clear();
    try {
      await reset.mutateAsync({ ...(answers as unknown as ResetPasswordAnswers), authKey });
      setView('done');
    } catch (error) {
      const body = errorBodyOf(error);
      if (!body) return;
      if (body.code === 'RESET_LINK_INVALID' || body.fields?.some((f) => f.field === 'authKey')) setView('invalid');
      else if (body.fields?.length) problems.setFieldErrors(body.fields);
      else problems.setProblem(body.error);
    }
  };

  if (view === 'done') {
    return (
      <DonePanel titleKey="resetPassword.doneTitle" bodyKey="resetPassword.doneBody" actionKey="resetPassword.login" />
    );
  }

  if (view === 'invalid') {
    return (
      <div className={styles.page}>
        <PageHeading focus>{t('resetPassword.invalidTitle')}</PageHeading>
        <p className={styles.text}>{t('resetPassword.invalidBody')}</p>
        <div className={styles.actions}>
          <ButtonLink to={PATHS.forgotPassword} appearance="primary" className={styles.fullWidthOnPhone}>
            {t('resetPassword.askAgain')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <AccountFormPage
      title={t('resetPassword.title')}
      lead={t('resetPassword.lead')}
      problems={problems}
      formId={formId}
      formData={{ authKey }}
      onSubmit={submit}
      submitLabelKey="accounts:resetPassword.submit"
    />
  );
}
