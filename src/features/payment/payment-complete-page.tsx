import { Button, Spinner } from '@fluentui/react-components';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useHref, useLoaderData, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useConfirmPayment } from '@/api/payments';
import { ApiError } from '@/api/request';
import { setRouterContext, useRouterContext } from '@/api/router-context';
import { ProblemPanel } from '@/engine/problem-panel';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import type { PaymentCompleteLoaderData } from './payment-complete-loader';
import type { PaymentOverviewState } from './payment-overview-page';
import { submittedHref } from './paths';
import { usePaymentStyles } from './styles';
import { PATHS } from '@/shared/route-paths';
import { NextStepsPage } from '@/ui/next-steps-page';

/** How long to wait before asking again while the provider has not settled the payment. */
export const PENDING_RECHECK_MS = 4000;
/** How many times to ask by itself before leaving it to the user's Check again. */
export const PENDING_RECHECKS = 8;

/**
 * /applications/payment-complete?applicationIdentifier=...: where the payment provider sends the browser back.
 * Whatever the link says, the outcome is asked of the API, which checks it with the provider: paid goes on to
 * the confirmation; declined, cancelled, or voided because the application changed after the payment started,
 * back to the payment page, which says why; pending waits and asks again.
 * Opened from the server, its loader has asked already (payment-complete-loader.ts): the page starts from that answer,
 * and Check again is a link to this page, which asks again before (or without) the page's scripts.
 */
export default function PaymentCompletePage() {
  const { t } = useTranslation('payments');
  const styles = usePaymentStyles();
  const [params] = useSearchParams();
  const context = useRouterContext();
  const applicationIdentifier = params.get('applicationIdentifier')?.trim() || context.applicationIdentifier;
  if (!applicationIdentifier) {
    return (
      <NextStepsPage
        title={t('page.complete.title')}
        primary={{ to: PATHS.applicationsList, label: t('page.myApplications') }}
      >
        <p className={styles.lead}>{t('page.noApplication')}</p>
      </NextStepsPage>
    );
  }
  return <ConfirmPayment key={applicationIdentifier} applicationIdentifier={applicationIdentifier} />;
}

type Shown = { kind: 'checking' } | { kind: 'pending' } | { kind: 'failed'; message: string };

function ConfirmPayment({ applicationIdentifier }: { applicationIdentifier: string }) {
  const { t } = useTranslation('payments');
  const styles = usePaymentStyles();
  const navigate = useNavigate();
  const confirm = useConfirmPayment(applicationIdentifier);
  const location = useLocation();
  const again = useHref(`${location.pathname}${location.search}`);
  const checked = useLoaderData() as PaymentCompleteLoaderData | undefined;
  const [shown, setShown] = useState<Shown>(() =>
    checked && 'pending' in checked
      ? { kind: 'pending' }
      : checked && 'failed' in checked
        ? { kind: 'failed', message: checked.failed || t('page.complete.failed') }
        : { kind: 'checking' },
  );
  const rechecks = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const started = useRef(false);

  const check = async () => {
    clearTimeout(timer.current);
    setShown((current) => (current.kind === 'pending' ? current : { kind: 'checking' }));
    let outcome;
    try {
      outcome = await confirm.mutateAsync();
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.errorBody : undefined;
      setShown({ kind: 'failed', message: body?.error ?? t('page.complete.failed') });
      return;
    }
    if (outcome.status === 'PAID') {
      navigate(submittedHref(applicationIdentifier), { replace: true });
    } else if (outcome.status === 'PENDING') {
      setShown({ kind: 'pending' });
      if (rechecks.current < PENDING_RECHECKS) {
        rechecks.current += 1;
        timer.current = setTimeout(() => void check(), PENDING_RECHECK_MS);
      }
    } else {
      const state: PaymentOverviewState = { failure: outcome.lastFailure };
      navigate(PATHS.paymentOverview, { replace: true, state });
    }
  };

  // Asked once on arrival (the guard holds when development mode runs effects twice).
  const arrived = useEffectEvent(() => {
    if (started.current) return;
    started.current = true;
    void check();
  });
  useEffect(() => {
    // The provider may send the browser back in a new session of the portal: the application becomes the one
    // the pages work on.
    setRouterContext({ applicationIdentifier });
    arrived();
    return () => clearTimeout(timer.current);
  }, [applicationIdentifier]);

  return (
    <div className={styles.page}>
      <PageHeading>{t(shown.kind === 'pending' ? 'page.complete.pendingTitle' : 'page.complete.title')}</PageHeading>
      {shown.kind === 'checking' && (
        <div role="status" className={styles.status}>
          <Spinner label={t('page.complete.checking')} />
        </div>
      )}
      {shown.kind === 'pending' && (
        <>
          <Notice tone="warning">{t('page.complete.pending')}</Notice>
          <div className={styles.actions}>
            <Button
              as="a"
              href={again}
              appearance="primary"
              size="large"
              className={styles.fullWidthOnPhone}
              disabledFocusable={confirm.isPending}
              onClick={(event) => {
                event.preventDefault();
                void check();
              }}
            >
              {t('page.complete.checkAgain')}
            </Button>
          </div>
        </>
      )}
      {shown.kind === 'failed' && (
        <>
          <ProblemPanel message={shown.message}>
            <Link className={styles.link} to={PATHS.paymentOverview}>
              {t('page.complete.backToPayment')}
            </Link>
          </ProblemPanel>
          <div className={styles.actions}>
            <Button
              as="a"
              href={again}
              appearance="primary"
              size="large"
              className={styles.fullWidthOnPhone}
              onClick={(event) => {
                event.preventDefault();
                void check();
              }}
            >
              {t('page.complete.checkAgain')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
