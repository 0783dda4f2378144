import { makeStyles, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StepAnswers } from '@/shared/contract';
import { PATHS } from '@/shared/route-paths';
import { Notice } from '@/ui/notice';
import { useJourneyStyles } from './journey-styles';

export type PassportReading = NonNullable<StepAnswers['passportReading']>;

/**
 * The passport's own facts, which the form keeps as they are once its photo is taken: they are corrected on the
 * applicants page, which then asks for the passport photo again.
 */
const PASSPORT_FACTS = new Set(['passportNumber', 'passportIssuingCountry']);

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalS} 0 0`, paddingInlineStart: tokens.spacingHorizontalXL },
  item: { marginBottom: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
});

/** An answer as the applicant reads it: a country by its name, a sex by its label, anything else as it is. */
function shown(field: string, value: string, t: TFunction, language: string): string {
  if (field === 'sex') return t(`applications:enums.sex.${value}`, { defaultValue: value });
  if (field === 'nationality' || field === 'passportIssuingCountry') {
    try {
      return new Intl.DisplayNames([language], { type: 'region' }).of(value) ?? value;
    } catch {
      return value;
    }
  }
  return value;
}

export interface PassportCheckProps {
  reading: PassportReading;
  applicantIdentifier: string;
  /** The page of the form that asks each field. */
  pageOf: (field: string) => string | undefined;
  /** The address of a page of the form (from check answers, it comes back to check answers). */
  pageHref: (pageId: string) => string;
}

/**
 * What the applicant's passport photo says beside the answers: the answers it filled in, and each answer that
 * differs from it, both values side by side, with a link to correct the answer (the page that asks it; for the
 * passport's number and country, the applicants page) and one to photograph the passport again. Links only, so it
 * works the same with and without scripts.
 */
export function PassportCheck({ reading, applicantIdentifier, pageOf, pageHref }: PassportCheckProps) {
  const { t, i18n } = useTranslation(['journey', 'forms', 'applications']);
  const styles = useStyles();
  const journey = useJourneyStyles();
  const label = (field: string) => t(`forms:applicationForm.${field}.label`, { defaultValue: field });
  const retake = `${PATHS.captureBiometrics}?${new URLSearchParams({ applicantIdentifier })}`;
  return (
    <>
      {reading.mismatches.length > 0 && (
        <Notice tone="warning">
          <strong>{t('journey:passportCheck.mismatchTitle')}</strong>
          <ul className={styles.list} data-testid="passport-mismatches">
            {reading.mismatches.map((mismatch) => {
              const correct = PASSPORT_FACTS.has(mismatch.field)
                ? `${PATHS.manageApplicants}?${new URLSearchParams({ edit: applicantIdentifier })}`
                : pageOf(mismatch.field) && pageHref(pageOf(mismatch.field)!);
              return (
                <li key={mismatch.field} className={styles.item}>
                  {label(mismatch.field)}:{' '}
                  {/* The values are isolated in a right-to-left language (shared/i18n-interpolation.ts). */}
                  {t('journey:passportCheck.mismatch', {
                    read: shown(mismatch.field, mismatch.read, t, i18n.language),
                    typed: shown(mismatch.field, mismatch.typed, t, i18n.language),
                  })}
                  <div className={styles.actions}>
                    {correct && (
                      <Link className={journey.link} to={correct}>
                        {t('journey:passportCheck.correct', { field: label(mismatch.field) })}
                      </Link>
                    )}
                    <Link className={journey.link} to={retake}>
                      {t('journey:passportCheck.retake')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </Notice>
      )}
      {reading.prefilled.length > 0 && (
        <Notice>
          {t('journey:passportCheck.prefilled', {
            fields: reading.prefilled.map(label).join(t('journey:passportCheck.separator')),
          })}
        </Notice>
      )}
    </>
  );
}
