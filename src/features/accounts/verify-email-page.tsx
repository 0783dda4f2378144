import { Spinner } from '@fluentui/react-components';
import { DonePanel } from './done-panel';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useVerifyEmail, type MessageResult } from '@/api/accounts';
import { usePageStyles } from '@/ui/page-styles';
import { errorBodyOf, errorCodeOf } from './api-errors';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { ResendForm } from './resend-form';
import { PATHS } from '@/shared/route-paths';

type Outcome =
  { state: 'checking' } | { state: 'confirmed' } | { state: 'invalid' } | { state: 'problem'; message: string };

// A key is single-use: the check runs once per key even when the page mounts twice (StrictMode, back/forward).
const checks = new Map<string, Promise<MessageResult>>();

/** /verify-email?authKey=...: confirms the address on load; a bad key gets a way to ask for a new e-mail. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const [params] = useSearchParams();
  const authKey = params.get('authKey') ?? '';
  const { mutateAsync } = useVerifyEmail();
  const [outcome, setOutcome] = useState<Outcome>(authKey ? { state: 'checking' } : { state: 'invalid' });

  useEffect(() => {
    if (!authKey) return undefined;
    let live = true;
    let check = checks.get(authKey);
    if (!check) {
      check = mutateAsync({ authKey });
      checks.set(authKey, check);
    }
    check.then(
      () => live && setOutcome({ state: 'confirmed' }),
      (error: unknown) => {
        if (!live) return;
        const body = errorBodyOf(error);
        if (!body || errorCodeOf(error) === 'VERIFY_LINK_INVALID' || errorCodeOf(error) === 'VALIDATION_FAILED')
          setOutcome({ state: 'invalid' });
        else setOutcome({ state: 'problem', message: body.error });
      },
    );
    return () => {
      live = false;
    };
  }, [authKey, mutateAsync]);

  if (outcome.state === 'checking') {
    return (
      <div className={styles.page}>
        <PageHeading>{t('verifyEmail.title')}</PageHeading>
        <Spinner label={t('verifyEmail.checking')} />
      </div>
    );
  }

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
