import { Link } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { STAFF_PAGE_PATHS } from '@/shared/staff-routes';
import { Notice } from '@/ui/notice';
import { DISCARDED_PARAM } from './draft-action';
import { usePageStyles } from '@/ui/page-styles';
import type { StaffHomeData } from './page-loaders';
import { StaffPage } from './staff-page';
import { ScrolledTable } from './scrolled-table';
import { useStaffTableStyles } from './staff-styles';
import { useStaffDate } from './staff-date';

/**
 * The staff's home (`/staff`): who is signed in with which roles, and, for those who change forms and texts, the
 * configuration's published versions (the live one marked) and the drafts under way.
 */
export default function StaffHomePage() {
  const { t } = useTranslation('staff');
  const page = usePageStyles();
  const table = useStaffTableStyles();
  const date = useStaffDate();
  const { member, versions } = useLoaderData() as StaffHomeData;
  const [search] = useSearchParams();
  const discarded = search.get(DISCARDED_PARAM);
  const roles = member.roles.map((role) => t(`roles.${role}`)).join(', ');
  return (
    <StaffPage member={member} title={t('home.title')}>
      {discarded && <Notice tone="success">{t('home.drafts.discarded', { id: discarded })}</Notice>}
      <p className={page.lead}>{t('home.roles', { roles, count: member.roles.length })}</p>
      {member.languages.length > 0 && (
        <p className={page.text}>{t('home.languages', { languages: member.languages.join(', ') })}</p>
      )}
      {versions && (
        <>
          <ScrolledTable labelledBy="versions-caption">
            <table className={table.table}>
              <caption id="versions-caption" className={table.caption}>
                {t('home.versions.caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={table.cell}>
                    {t('home.versions.number')}
                  </th>
                  <th scope="col" className={table.cell}>
                    {t('home.versions.published')}
                  </th>
                  <th scope="col" className={table.cell}>
                    {t('home.versions.by')}
                  </th>
                  <th scope="col" className={table.cell}>
                    {t('home.versions.note')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {versions.versions.map((version) => (
                  <tr key={version.number}>
                    <th scope="row" className={table.cell}>
                      {version.number}
                      {version.live && <span className={table.live}>{t('home.versions.live')}</span>}
                    </th>
                    <td className={table.cell}>{date(version.publishedAt)}</td>
                    <td className={table.cell}>{version.publishedBy}</td>
                    <td className={table.cell}>
                      {version.restores !== null
                        ? t('home.versions.restores', { number: version.restores, note: version.note })
                        : version.note}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrolledTable>
          <h2 className={page.h2}>{t('home.drafts.title')}</h2>
          {versions.drafts.length === 0 ? (
            <p className={page.text}>{t('home.drafts.none')}</p>
          ) : (
            <ul>
              {versions.drafts.map((draft) => (
                <li key={draft.id} className={page.text}>
                  <Link href={`${STAFF_PAGE_PATHS.draft}?id=${draft.id}`}>
                    {t('home.drafts.entry', {
                      id: draft.id,
                      base: draft.baseVersion,
                      by: draft.createdBy,
                      at: date(draft.createdAt),
                    })}
                  </Link>
                  {draft.note && ` (${draft.note})`}
                </li>
              ))}
            </ul>
          )}
          <p className={page.text}>{t('home.howToPublish')}</p>
        </>
      )}
    </StaffPage>
  );
}
