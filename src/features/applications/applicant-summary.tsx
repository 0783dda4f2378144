import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Applicant } from '@/api/applications';
import { countryName } from '@/engine/countries';
import { formatDate } from '@/shared/dates';
import { applicantName } from './format';
import { HiddenText } from './hidden-text';
import { usePageStyles } from '@/ui/page-styles';

/**
 * An applicant's eligibility facts as a GOV.UK summary list; with `changeTo`, each row has a Change link
 * there, named for screen readers by the row and the applicant (`label`, when the name alone is not unique).
 */
export function ApplicantSummary({
  applicant,
  changeTo,
  label,
}: {
  applicant: Applicant;
  changeTo?: string;
  label?: string;
}) {
  const { t, i18n } = useTranslation(['applications', 'forms']);
  const styles = usePageStyles();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const name = applicantName(applicant);
  const rows: [string, string][] = [
    [t('pages.common.summary.name'), name],
    [t('pages.common.summary.dateOfBirth'), formatDate(applicant.dateOfBirth, language)],
    [t('pages.common.summary.nationality'), countryName(applicant.nationality, language)],
    [
      t('pages.common.summary.passport'),
      t('pages.common.summary.passportValue', {
        number: applicant.passportNumber,
        country: countryName(applicant.passportIssuingCountry, language),
      }),
    ],
    [
      t('pages.common.summary.relationship'),
      applicant.isAccountHolder || !applicant.relationship
        ? t('pages.common.summary.you')
        : t(`enums.relationship.${applicant.relationship}`),
    ],
  ];
  return (
    <dl className={styles.summaryList}>
      {rows.map(([term, value]) => (
        <div
          key={term}
          className={changeTo ? `${styles.summaryRow} ${styles.summaryRowWithAction}` : styles.summaryRow}
        >
          <dt className={styles.summaryTerm}>{term}</dt>
          <dd className={styles.summaryValue}>{value}</dd>
          {changeTo && (
            <dd className={styles.summaryValue}>
              <Link className={styles.link} to={changeTo}>
                <HiddenText i18nKey="pages.confirm.changeRow" values={{ row: term, name: label ?? name }} />
              </Link>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
