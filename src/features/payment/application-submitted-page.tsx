import { Button, mergeClasses, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSubmission, type SubmissionSummary } from '@/api/payments';
import { ApiError } from '@/api/request';
import { useRouterContext } from '@/api/router-context';
import { useSettings } from '@/api/settings';
import { ProblemPanel } from '@/engine/problem-panel';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { PageWithLinkOn } from '@/ui/page-with-link-on';
import { formatMoney } from '@/shared/money';
import { formatDateTime } from '@/shared/dates';
import { usePaymentStyles } from './styles';
import { PATHS } from '@/shared/route-paths';
import { LtrValue } from '@/ui/ltr-value';
import { useHydrated } from '@/ui/use-hydrated';

/**
 * /applications/application-submitted?applicationIdentifier=...: the confirmation of a submitted application, read
 * from the API each time, so that it works when bookmarked, reloaded or opened from another device.
 */
export default function ApplicationSubmittedPage() {
  const { t } = useTranslation('payments');
  const styles = usePaymentStyles();
  const [params] = useSearchParams();
  const context = useRouterContext();
  const applicationIdentifier = params.get('applicationIdentifier')?.trim() || context.applicationIdentifier;
  const submission = useSubmission(applicationIdentifier);

  if (applicationIdentifier && submission.data) return <Receipt submission={submission.data} />;

  let content;
  if (!applicationIdentifier) {
    content = <p className={styles.lead}>{t('page.noApplication')}</p>;
  } else if (submission.isPending) {
    content = <Spinner label={t('page.submitted.loading')} />;
  } else {
    const body = submission.error instanceof ApiError ? submission.error.errorBody : undefined;
    const notYet = body?.code === 'SUBMISSION_NOT_FOUND';
    content = (
      <ProblemPanel
        message={notYet ? t('page.submitted.notSubmitted') : (body?.error ?? t('page.submitted.loadFailed'))}
      >
        {notYet && (
          <Link className={styles.link} to={PATHS.paymentOverview}>
            {t('page.submitted.goToPayment')}
          </Link>
        )}
      </ProblemPanel>
    );
  }
  return (
    <PageWithLinkOn
      title={t('page.submitted.title')}
      link={{ to: PATHS.applicationsList, label: t('page.myApplications') }}
    >
      {content}
    </PageWithLinkOn>
  );
}

function Receipt({ submission }: { submission: SubmissionSummary }) {
  const { t, i18n } = useTranslation(['payments', 'forms']);
  const styles = usePaymentStyles();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const departmentUrl = useSettings().DEPARTMENT_URL;
  const hydrated = useHydrated();
  const rows: { term: string; value: React.ReactNode }[] = [
    { term: t('page.submitted.submittedAt'), value: formatDateTime(submission.submittedAt, language) },
    {
      term: t('page.submitted.applicationType'),
      value: t(`forms:enums.applicationType.${submission.applicationType}`),
    },
    {
      term: t('page.submitted.applicants'),
      value: (
        <ul className={styles.plainList}>
          {submission.applicants.map((a) => (
            <li key={a.applicantIdentifier}>{`${a.givenNames} ${a.familyName}`.trim()}</li>
          ))}
        </ul>
      ),
    },
    { term: t('page.submitted.amountPaid'), value: formatMoney(submission.amountPaid, submission.currency, language) },
  ];
  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <PageHeading>{t('page.submitted.title')}</PageHeading>
        <p className={styles.referenceLabel}>
          {t('page.submitted.referenceLabel')}
          {/* Latin letters and digits: isolated and left to right, so that Arabic text around it keeps its order. */}
          <LtrValue className={styles.reference}>{submission.reference}</LtrValue>
        </p>
      </div>
      <p className={mergeClasses(styles.lead, styles.breakAnywhere)}>
        {t('page.submitted.emailed', { email: submission.accountEmail })}
      </p>
      <h2 className={styles.h2}>{t('page.submitted.detailsHeading')}</h2>
      <dl className={styles.summaryList}>
        {rows.map((row) => (
          <div key={row.term} className={styles.summaryRow}>
            <dt className={styles.summaryTerm}>{row.term}</dt>
            <dd className={styles.summaryValue}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <h2 className={styles.h2}>{t('page.submitted.nextHeading')}</h2>
      <p className={styles.text}>{t('page.submitted.next1')}</p>
      <p className={styles.text}>{t('page.submitted.next2')}</p>
      <p className={styles.text}>{t('page.submitted.next3')}</p>
      <h2 className={styles.h2}>{t('page.submitted.contactHeading')}</h2>
      <p className={styles.text}>
        {t('page.submitted.contact')}{' '}
        {departmentUrl && (
          <a className={styles.link} href={departmentUrl} rel="noopener">
            {t('page.submitted.contactLink')}
          </a>
        )}
      </p>
      <div className={styles.actions} data-print="hide">
        {/* Printing from the page needs its scripts; the browser's own Print works on the page as it is. */}
        {hydrated && (
          <Button appearance="primary" size="large" className={styles.fullWidthOnPhone} onClick={() => window.print()}>
            {t('page.submitted.print')}
          </Button>
        )}
        <ButtonLink to={PATHS.applicationsList} appearance="secondary" className={styles.fullWidthOnPhone}>
          {t('page.myApplications')}
        </ButtonLink>
      </div>
    </div>
  );
}
