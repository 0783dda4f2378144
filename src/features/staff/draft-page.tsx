import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router-dom';
import type { StaffDraftDetail } from '@/api/staff';
import { ProblemPanel } from '@/engine/problem-panel';
import { FORM_FIELDS } from '@/engine/form-address';
import { directionOf } from '@/shared/languages';
import { usePageStyles } from '@/ui/page-styles';
import { PostForm } from '@/ui/post-form';
import { DISCARD_ACTION, type DraftActionData } from './draft-action';
import type { StaffDraftData } from './page-loaders';
import { ScrolledTable } from './scrolled-table';
import { StaffPage } from './staff-page';
import { useStaffDate } from './staff-date';
import { useStaffTableStyles } from './staff-styles';

type Change = StaffDraftDetail['changes'][number];

/** Where a change is, as a reviewer reads it: a text by language and key, a form by its field, else the file. */
function useWhere() {
  const { t } = useTranslation('staff');
  return (change: Change) => {
    if (change.area === 'text') return t('draft.where.text', { language: change.language, key: change.key });
    if (change.area === 'form') {
      return change.field
        ? t('draft.where.field', { form: change.form, field: change.field })
        : t('draft.where.form', { form: change.form, file: change.file });
    }
    return change.path ? t('draft.where.fileAt', { file: change.file, path: change.path }) : change.file;
  };
}

/**
 * A draft of the forms and texts (`/staff/draft?id=`): who made it on which version, and every change it makes to
 * that version, texts with their language, before and after; discarded from here by its member, a publisher or an
 * administrator. Publishing stays the publishers' command (`npm run config -- publish`).
 */
export default function StaffDraftPage() {
  const { t } = useTranslation('staff');
  const page = usePageStyles();
  const table = useStaffTableStyles();
  const date = useStaffDate();
  const where = useWhere();
  const { member, detail } = useLoaderData() as StaffDraftData;
  const answered = useActionData() as DraftActionData | undefined;
  if (!detail) {
    return (
      <StaffPage member={member} title={t('draft.title')}>
        <ProblemPanel message={t('draft.readersOnly')} />
      </StaffPage>
    );
  }
  const { draft, changes } = detail;
  const valueCell = (change: Change, value: string | undefined) => (
    <td
      className={table.cell}
      {...(change.language ? { lang: change.language, dir: directionOf(change.language) } : {})}
    >
      {value ?? ''}
    </td>
  );
  return (
    <StaffPage member={member} title={t('draft.title')} caption={draft.id}>
      {answered?.problem && <ProblemPanel message={answered.problem} />}
      <p className={page.text}>
        {t('draft.made', { by: draft.createdBy, version: draft.baseVersion, at: date(draft.createdAt) })}
        {draft.note && ` (${draft.note})`}
      </p>
      {changes.length === 0 ? (
        <p className={page.text}>{t('draft.noChanges')}</p>
      ) : (
        <ScrolledTable labelledBy="draft-changes">
          <table className={table.table}>
            <caption id="draft-changes" className={table.caption}>
              {t('draft.caption', { count: changes.length, version: draft.baseVersion })}
            </caption>
            <thead>
              <tr>
                {(['where', 'change', 'before', 'after'] as const).map((column) => (
                  <th key={column} scope="col" className={table.cell}>
                    {t(`draft.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {changes.map((change, index) => (
                <tr key={`${change.file}-${change.path}-${index}`}>
                  <th scope="row" className={table.cell}>
                    {where(change)}
                  </th>
                  <td className={table.cell}>{t(`draft.kind.${change.kind}`)}</td>
                  {valueCell(change, change.before)}
                  {valueCell(change, change.after)}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrolledTable>
      )}
      <p className={page.text}>{t('draft.howToPublish', { id: draft.id })}</p>
      {detail.discardable && (
        <PostForm aria-label={t('draft.discard.label')}>
          <p className={page.text}>{t('draft.discard.hint')}</p>
          <Button type="submit" name={FORM_FIELDS.action} value={DISCARD_ACTION}>
            {t('draft.discard.submit')}
          </Button>
        </PostForm>
      )}
    </StaffPage>
  );
}
