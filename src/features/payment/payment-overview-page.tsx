import { mergeClasses, Spinner } from '@fluentui/react-components';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { usePaymentOverview, type PaymentFailure, type PaymentOverview } from '@/api/payments';
import { ApiError } from '@/api/request';
import { useRouterContext } from '@/api/router-context';
import { useSettings } from '@/api/settings';
import { ProblemPanel } from '@/engine/problem-panel';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { FeeTable } from './fee-table';
import { formatMoney } from '@/shared/money';
import { PayButton } from './pay-button';
import { paymentCompleteHref, submittedHref } from './paths';
import { usePaymentStyles } from './styles';
import { UnfinishedApplicants } from './unfinished-applicants';
import { PATHS } from '@/shared/route-paths';
import { OVERVIEW_PATH } from '@/api/journey';
import { NextStepsPage } from '@/ui/next-steps-page';

/** Router state the overview may be given by the page that checked a payment that was not taken. */
export interface PaymentOverviewState {
  failure?: PaymentFailure;
}

/**
 * /applications/payment-overview: the fee of each applicant of the application in the router context and the
 * total, what happens next, and Pay, which opens the payment provider's page for the whole application.
 */
export default function PaymentOverviewPage() {
  const { t } = useTranslation('payments');
  const styles = usePaymentStyles();
  const { applicationIdentifier } = useRouterContext();
  if (!applicationIdentifier) {
    return (
      <NextStepsPage
        title={t('page.overview.title')}
        primary={{ to: PATHS.applicationsList, label: t('page.myApplications') }}
      >
        <p className={styles.lead}>{t('page.noApplication')}</p>
      </NextStepsPage>
    );
  }
  return <Overview key={applicationIdentifier} applicationIdentifier={applicationIdentifier} />;
}

function Overview({ applicationIdentifier }: { applicationIdentifier: string }) {
  const { t } = useTranslation('payments');
  const styles = usePaymentStyles();
  const overview = usePaymentOverview(applicationIdentifier);

  let content;
  if (overview.isPending) {
    content = <Spinner label={t('page.overview.loading')} />;
  } else if (!overview.data) {
    const body = overview.error instanceof ApiError ? overview.error.errorBody : undefined;
    content = (
      <ProblemPanel message={body?.error ?? t('page.overview.loadFailed')}>
        <Link className={styles.link} to={OVERVIEW_PATH}>
          {t('page.goToOverview')}
        </Link>
      </ProblemPanel>
    );
  } else {
    content = <Loaded overview={overview.data} />;
  }
  return (
    <div className={styles.page}>
      <Link className={`${styles.link} ${styles.back}`} to={OVERVIEW_PATH}>
        {t('page.backToOverview')}
      </Link>
      <PageHeading>{t('page.overview.title')}</PageHeading>
      {content}
    </div>
  );
}

/**
 * The portal's configured address (`frontEndUrl`, the FRONT_END_URL setting, from PUBLIC_URL) when this page was
 * opened at another address, `here` (http://127.0.0.1:8080 for http://localhost:8080): the card page returns there,
 * and the session cookies of this address are not sent to it.
 */
function configuredAddressElsewhere(frontEndUrl: string, here: string): string | undefined {
  try {
    const configured = new URL(frontEndUrl).origin;
    return configured !== here ? configured : undefined;
  } catch {
    return undefined;
  }
}

/** Says, before Pay, that paying from this address ends signed out, and links to this page at the right one. */
function OtherAddressNotice() {
  const { t } = useTranslation('payments');
  const styles = usePaymentStyles();
  const location = useLocation();
  const settings = useSettings();
  // The address the page was opened at is the browser's: known once the page shows, not in the server's render.
  const [here, setHere] = useState<string>();
  useEffect(() => setHere(window.location.origin), []);
  const portal = here === undefined ? undefined : configuredAddressElsewhere(settings.FRONT_END_URL, here);
  if (!portal) return null;
  return (
    <Notice tone="warning">
      <span className={styles.breakAnywhere}>{t('page.overview.otherAddress', { here, portal })}</span>{' '}
      <a
        className={mergeClasses(styles.link, styles.breakAnywhere)}
        href={`${portal}${location.pathname}${location.search}`}
      >
        {t('page.overview.openThere', { portal })}
      </a>
    </Notice>
  );
}

function Loaded({ overview }: { overview: PaymentOverview }) {
  const { t, i18n } = useTranslation('payments');
  const styles = usePaymentStyles();
  const location = useLocation();
  const explanationId = useId();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { applicationIdentifier, status } = overview;

  if (status === 'PAID') {
    return (
      <>
        <Notice tone="success">{t('page.overview.paid')}</Notice>
        <ButtonLink to={submittedHref(applicationIdentifier)} appearance="primary" className={styles.fullWidthOnPhone}>
          {t('page.overview.viewConfirmation')}
        </ButtonLink>
      </>
    );
  }

  // The API's own record first; the state the checking page passed covers an answer not refreshed yet.
  const failure =
    status === 'PENDING' || status === 'VOIDED'
      ? undefined
      : (overview.lastFailure ?? (location.state as PaymentOverviewState | null)?.failure);
  const fee = overview.applicants[0]?.fee;
  return (
    <>
      {status === 'VOIDED' && (
        <ProblemPanel
          title={t('page.overview.voidedTitle')}
          message={t(`page.overview.voided.${overview.refund ?? 'NOT_TAKEN'}`)}
        />
      )}
      {failure && (
        <ProblemPanel title={t('page.overview.failureTitle')} message={t(`page.overview.failure.${failure}`)} />
      )}
      {status === 'PENDING' && (
        <Notice tone="warning">
          {t('page.overview.pending')}{' '}
          <Link className={styles.link} to={paymentCompleteHref(applicationIdentifier)}>
            {t('page.overview.checkPending')}
          </Link>
        </Notice>
      )}
      <p className={styles.lead}>{t('page.overview.lead')}</p>
      <FeeTable overview={overview} />
      <Notice>
        <span className={styles.official}>{t('page.overview.officialTitle')}</span>{' '}
        {fee !== undefined
          ? t('page.overview.officialFee', { fee: formatMoney(fee, overview.currency, language) })
          : t('page.overview.officialNoFee')}
      </Notice>
      <h2 className={styles.h2}>{t('page.overview.nextHeading')}</h2>
      <ol className={styles.list}>
        <li>{t('page.overview.next1')}</li>
        <li>{t('page.overview.next2')}</li>
        <li>{t('page.overview.next3')}</li>
      </ol>
      {!overview.canPay && <UnfinishedApplicants overview={overview} id={explanationId} />}
      <OtherAddressNotice />
      <PayButton
        applicationIdentifier={applicationIdentifier}
        amount={formatMoney(overview.total, overview.currency, language)}
        blocked={!overview.canPay}
        describedBy={overview.canPay ? undefined : explanationId}
      />
    </>
  );
}
