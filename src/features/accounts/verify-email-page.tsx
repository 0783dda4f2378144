import { DonePanel } from './done-panel';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router-dom';
import { usePageStyles } from '@/ui/page-styles';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { ResendForm } from './resend-form';
import { PATHS } from '@/shared/route-paths';
import type { VerifyOutcome } from './verify-email-loader';

/** /verify-email?authKey=...: the address was confirmed as the page opened (verify-email-loader.ts); a bad key gets a way to ask for a new e-mail. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const outcome = useLoaderData() as VerifyOutcome;

  if (outcome.state === 'confirmed') {
    return (
      <DonePanel
        titleKey="verifyEmail.confirmedTitle"
        bodyKey="verifyEmail.confirmedBody"
        actionKey="verifyEmail.login"
      />
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading focus>{t('verifyEmail.invalidTitle')}</PageHeading>
      {outcome.state === 'problem' && <ProblemPanel message={outcome.message} />}
      <p className={styles.text}>{t('verifyEmail.invalidBody')}</p>
      <p className={styles.text}>{t('verifyEmail.askAgain')}</p>
      <ResendForm />
      <p className={styles.links}>
        <Link className={styles.link} to={PATHS.otp}>
          {t('verifyEmail.useCode')}
        </Link>
      </p>
    </div>
  );
}
