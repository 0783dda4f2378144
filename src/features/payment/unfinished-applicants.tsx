import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApplication } from '@/api/applications';
import { stepHref, stepNamed } from '@/api/journey';
import type { PaymentOverview } from '@/api/payments';
import { usePaymentStyles } from './styles';
import { OVERVIEW_PATH } from '@/api/journey';

export interface UnfinishedApplicantsProps {
  overview: PaymentOverview;
  /** The id of the explanation, which the disabled Pay button names. */
  id: string;
}

/** Why the application cannot be paid yet, with a link to where each unfinished applicant goes on. */
export function UnfinishedApplicants({ overview, id }: UnfinishedApplicantsProps) {
  const { t } = useTranslation('payments');
  const styles = usePaymentStyles();
  const application = useApplication(overview.applicationIdentifier);
  const unfinished = overview.applicants.filter((a) => !a.ready);
  const hrefOf = (applicantIdentifier: string) => {
    const applicant = application.data?.applicants.find((a) => a.applicantIdentifier === applicantIdentifier);
    const step = applicant ? stepNamed(applicant.step) : undefined;
    return step ? stepHref(step, applicantIdentifier) : OVERVIEW_PATH;
  };
  return (
    <div id={id} className={styles.inset}>
      <p className={styles.text}>{t('page.overview.cannotPay')}</p>
      {unfinished.length > 0 && (
        <ul className={styles.list}>
          {unfinished.map((applicant) => (
            <li key={applicant.applicantIdentifier}>
              <Link className={styles.link} to={hrefOf(applicant.applicantIdentifier)}>
                {t('page.overview.finish', { name: `${applicant.givenNames} ${applicant.familyName}`.trim() })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
