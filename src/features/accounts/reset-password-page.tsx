import { useState } from 'react';
import { DonePanel } from './done-panel';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useResetPassword, type ResetPasswordAnswers } from '@/api/accounts';
import { usePageStyles } from '@/ui/page-styles';
import { AccountFormPage, useFormProblems } from './account-form';
import { errorBodyOf } from './api-errors';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { PATHS } from '@/shared/route-paths';
import { useAccountActionData, type AccountDone } from './account-action-data';
import { isWellFormedKey } from './reset-code';

type View = 'form' | 'done' | 'invalid';

export { isWellFormedKey };

/** The view the page opens with: what the action answered to a form sent without scripts, else by the link's key. */
function firstView(done: AccountDone | undefined, authKey: string): View {
  if (done === 'reset') return 'done';
  if (done === 'invalid') return 'invalid';
  return isWellFormedKey(authKey) ? 'form' : 'invalid';
}

/**
 * /reset-password?authKey=...: a new password pair; then the user is sent to log in with it. Sent before (or without)
 * the page's scripts, the page's action answers (reset-password-action.ts).
 */
export default function ResetPasswordPage({ formId = 'reset-password' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const [params] = useSearchParams();
  const authKey = params.get('authKey') ?? '';
  const reset = useResetPassword();
  const answered = useAccountActionData();
  const [view, setView] = useState<View>(() => firstView(answered?.done, authKey));
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
