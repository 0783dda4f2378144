import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { ProblemPanel } from '@/engine/problem-panel';
import { usePageStyles } from '@/ui/page-styles';
import type { StaffAuditData } from './page-loaders';
import { StaffPage } from './staff-page';
import { useStaffDate } from './staff-date';
import { ScrolledTable } from './scrolled-table';
import { useStaffTableStyles } from './staff-styles';
import { AuditDetail } from './audit-detail';

const useStyles = makeStyles({
  filter: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  subject: { minWidth: '16em' },
});

/** The audit trail (`/staff/audit`, administrators): every staff action, newest first, narrowed to one subject. */
export default function StaffAuditPage() {
  const { t } = useTranslation('staff');
  const page = usePageStyles();
  const table = useStaffTableStyles();
  const styles = useStyles();
  const date = useStaffDate();
  const { member, entries, subject } = useLoaderData() as StaffAuditData;
  const columns = ['at', 'actor', 'action', 'subject', 'detail'] as const;
  return (
    <StaffPage member={member} title={t('audit.title')}>
      {!entries ? (
        <ProblemPanel message={t('audit.administratorsOnly')} />
      ) : (
        <>
          <p className={page.text}>{t('audit.intro')}</p>
          <form method="get" className={styles.filter} role="search" aria-label={t('audit.filter.label')}>
            <Field label={{ children: t('audit.filter.subject'), htmlFor: 'audit-subject' }} className={styles.subject}>
              <Input id="audit-subject" name="subject" type="search" defaultValue={subject} spellCheck={false} />
            </Field>
            <Button type="submit">{t('audit.filter.submit')}</Button>
          </form>
          {entries.length === 0 ? (
            <p className={page.text}>{t('audit.none')}</p>
          ) : (
            <ScrolledTable labelledBy="audit-caption">
              <table className={table.table}>
                <caption id="audit-caption" className={table.caption}>
                  {t('audit.caption', { count: entries.length })}
                </caption>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column} scope="col" className={table.cell}>
                        {t(`audit.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry, index) => (
                    <tr key={`${entry.at}-${index}`}>
                      <td className={table.cell}>{date(entry.at)}</td>
                      <td className={table.cell}>{entry.actor}</td>
                      <td className={table.cell}>
                        <code>{entry.action}</code>
                      </td>
                      <td className={table.cell}>{entry.subject}</td>
                      <td className={table.cell}>
                        <AuditDetail detail={entry.detail} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrolledTable>
          )}
        </>
      )}
    </StaffPage>
  );
}
