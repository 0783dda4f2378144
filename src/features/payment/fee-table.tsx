import { mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PaymentOverview } from '@/api/payments';
import { formatMoney } from '@/shared/money';
import { usePaymentStyles } from './styles';

/** Each applicant with the fee of the application type, and the total: what the one payment will take. */
export function FeeTable({ overview }: { overview: PaymentOverview }) {
  const { t, i18n } = useTranslation(['payments', 'forms']);
  const styles = usePaymentStyles();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const money = (minor: number) => formatMoney(minor, overview.currency, language);
  const cell = styles.cell;
  const amount = mergeClasses(styles.cell, styles.amount);
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {t('page.overview.tableCaption', {
          type: t(`forms:enums.applicationType.${overview.applicationType}`),
        })}
      </caption>
      <thead>
        <tr>
          <th scope="col" className={mergeClasses(cell, styles.head)}>
            {t('page.overview.applicant')}
          </th>
          <th scope="col" className={mergeClasses(amount, styles.head)}>
            {t('page.overview.fee')}
          </th>
        </tr>
      </thead>
      <tbody>
        {overview.applicants.map((applicant) => (
          <tr key={applicant.applicantIdentifier}>
            <th scope="row" className={mergeClasses(cell, styles.applicantName)}>
              {`${applicant.givenNames} ${applicant.familyName}`.trim()}
              {!applicant.ready && <span className={styles.notReady}>{t('page.overview.notReady')}</span>}
            </th>
            <td className={amount}>{money(applicant.fee)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className={mergeClasses(cell, styles.total)}>
            {t('page.overview.total')}
          </th>
          <td className={mergeClasses(amount, styles.total)}>{money(overview.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
