import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '@/shared/route-paths';
import { useManageApplicantsStyles } from './manage-applicants.styles';
import { usePageStyles } from '@/ui/page-styles';

/** Eligibility refusals that concern a passport answer, and the field of the passport page they belong to. */
export const PASSPORT_REFUSALS: Readonly<Record<string, string>> = {
  PASSPORT_COUNTRY_NOT_WHITELISTED: 'passportIssuingCountry',
  OPEN_APPLICATION_EXISTS: 'passportNumber',
  ACTIVE_ETA_VISA_EXISTS: 'passportNumber',
  PASSPORT_ALREADY_IN_APPLICATION: 'passportNumber',
};

/** Refusals with a next step of their own (`pages.refusal.<code>`), besides the passport ones. */
export const EXPLAINED = new Set([
  ...Object.keys(PASSPORT_REFUSALS),
  'APPLICANT_LIMIT_REACHED',
  'ACCOUNT_HOLDER_NOT_ALLOWED',
  'ACCOUNT_HOLDER_REQUIRED',
  'ACCOUNT_HOLDER_ALREADY_ADDED',
  'APPLICATION_NOT_EDITABLE',
]);

/** The next step a refusal with an explanation of its own offers. */
export function RefusalHelp({ refusal }: { refusal: string }) {
  const { t } = useTranslation('applications');
  const styles = usePageStyles();
  const own = useManageApplicantsStyles();
  return (
    <div className={own.help}>
      <h2 className={own.helpTitle}>{t('pages.refusal.title')}</h2>
      <p className={styles.text}>{t(`pages.refusal.${refusal}`)}</p>
      {(refusal === 'OPEN_APPLICATION_EXISTS' || refusal === 'APPLICATION_NOT_EDITABLE') && (
        <p className={styles.text}>
          <Link className={styles.link} to={PATHS.applicationsList}>
            {t('pages.common.goToApplications')}
          </Link>
        </p>
      )}
      {refusal === 'APPLICANT_LIMIT_REACHED' && (
        <p className={styles.text}>
          <Link className={styles.link} to={PATHS.manageApplicants}>
            {t('manageApplicants.title')}
          </Link>
        </p>
      )}
    </div>
  );
}
