import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRequestPasswordReset } from '@/api/accounts';
import { setRouterContext } from '@/api/router-context';
import { usePageStyles } from '@/ui/page-styles';
import { AccountFormPage, useFormProblems } from './account-form';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { RESET_CODE_PATH } from './reset-code';
import { useAccountActionData } from './account-action-data';
import { PATHS } from '@/shared/route-paths';

/**
 * Forgotten password: asks for the address and always gives the same answer, account or not; the e-mail's link or code
 * leads on. Sent before (or without) the page's scripts, the page's action answers (forgot-password-action.ts).
 */
export default function ForgotPasswordPage({ formId = 'forgot-password' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const requestReset = useRequestPasswordReset();
  const answered = useAccountActionData();
  const [sent, setSent] = useState(answered?.done === 'sent');
  const problems = useFormProblems();

  const submit = async (answers: Record<string, unknown>) => {
    problems.clear();
    try {
      const email = String(answers.email ?? '').trim();
      await requestReset.mutateAsync({ email });
      // The code page fills the address in from here.
      setRouterContext({ email });
      setSent(true);
    } catch (error) {
      problems.show(error);
    }
  };

  if (sent) {
    return (
      <div className={styles.page}>
        <PageHeading focus>{t('forgotPassword.sentTitle')}</PageHeading>
        <p className={styles.lead}>{t('forgotPassword.sent')}</p>
        <p className={styles.text}>{t('forgotPassword.sentExpiry')}</p>
        <p className={styles.text}>{t('forgotPassword.sentCode')}</p>
        <div className={styles.actions}>
          <ButtonLink to={RESET_CODE_PATH} appearance="secondary" className={styles.fullWidthOnPhone}>
            {t('forgotPassword.enterCode')}
          </ButtonLink>
        </div>
        <BackToLogin />
      </div>
    );
  }

  return (
    <AccountFormPage
      title={t('forgotPassword.title')}
      lead={t('forgotPassword.lead')}
      problems={problems}
      formId={formId}
      onSubmit={submit}
      submitLabelKey="accounts:forgotPassword.submit"
    >
      <BackToLogin />
    </AccountFormPage>
  );
}

/** The link back to log in, under the form and on the page that says the e-mail was sent. */
function BackToLogin() {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  return (
    <p className={styles.links}>
      <Link className={styles.link} to={PATHS.login}>
        {t('forgotPassword.backToLogin')}
      </Link>
    </p>
  );
}
