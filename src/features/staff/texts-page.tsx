import { Button, Checkbox, Field, Link, makeStyles, Select, Textarea, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData, useSearchParams } from 'react-router-dom';
import { ProblemPanel } from '@/engine/problem-panel';
import { directionOf } from '@/shared/languages';
import { STAFF_PAGE_PATHS } from '@/shared/staff-routes';
import { languageName } from '@/ui/language-name';
import { logicalBorder } from '@/ui/logical-border';
import { Notice } from '@/ui/notice';
import { usePageStyles } from '@/ui/page-styles';
import { PostForm } from '@/ui/post-form';
import { DRAFT_CLOSED_PARAM, TEXTS_PER_PAGE, type StaffTextsData } from './page-loaders';
import { StaffPage } from './staff-page';
import { SAVED_PARAM, TEXT_FIELD_PREFIX, type TextsActionData } from './texts-action';

const useStyles = makeStyles({
  filter: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXL,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  row: {
    padding: `${tokens.spacingVerticalM} 0`,
    ...logicalBorder('BlockEnd', '1px', 'solid', tokens.colorNeutralStroke2),
  },
  key: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase300, overflowWrap: 'anywhere' },
  missing: {
    marginInlineStart: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorPaletteYellowBackground2,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
  },
  english: { margin: `${tokens.spacingVerticalXS} 0`, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  pages: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, margin: `${tokens.spacingVerticalL} 0` },
});

/**
 * Texts (`/staff/texts`, editors and translators): one language's namespace beside English, a page of texts at a
 * time, those not yet translated marked (or shown alone); saved into the member's draft, never straight into the
 * live version.
 */
export default function StaffTextsPage() {
  const { t } = useTranslation('staff');
  const page = usePageStyles();
  const styles = useStyles();
  const [search] = useSearchParams();
  const { member, texts, missingOnly, page: pageNumber } = useLoaderData() as StaffTextsData;
  const answered = useActionData() as TextsActionData | undefined;

  if (!texts) {
    return (
      <StaffPage member={member} title={t('texts.title')}>
        <ProblemPanel message={t('texts.writersOnly')} />
      </StaffPage>
    );
  }
  const rows = missingOnly ? texts.rows.filter((row) => row.text === undefined) : texts.rows;
  const pages = Math.max(1, Math.ceil(rows.length / TEXTS_PER_PAGE));
  const current = Math.min(pageNumber, pages);
  const shown = rows.slice((current - 1) * TEXTS_PER_PAGE, current * TEXTS_PER_PAGE);
  const untranslated = texts.rows.filter((row) => row.text === undefined).length;
  const direction = directionOf(texts.language);
  const pageLink = (n: number) => {
    const query = new URLSearchParams(search);
    query.delete(SAVED_PARAM);
    query.set('page', String(n));
    return `${STAFF_PAGE_PATHS.texts}?${query}`;
  };
  const saved = search.get(SAVED_PARAM);

  return (
    <StaffPage member={member} title={t('texts.title')}>
      {saved !== null && !answered && (
        <Notice tone="success">{t('texts.saved', { count: Number(saved), draft: texts.draft ?? '' })}</Notice>
      )}
      {search.has(DRAFT_CLOSED_PARAM) && <Notice tone="warning">{t('texts.draftClosed')}</Notice>}
      {answered?.problem && <ProblemPanel message={answered.problem} />}
      <p className={page.text}>{texts.draft ? t('texts.fromDraft', { draft: texts.draft }) : t('texts.fromLive')}</p>
      <form method="get" className={styles.filter} role="search" aria-label={t('texts.filter.label')}>
        <Field label={{ children: t('texts.filter.language'), htmlFor: 'texts-language' }}>
          <Select id="texts-language" name="language" defaultValue={texts.language}>
            {texts.languages.map((language) => (
              <option key={language} value={language}>
                {languageName(language)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={{ children: t('texts.filter.namespace'), htmlFor: 'texts-namespace' }}>
          <Select id="texts-namespace" name="namespace" defaultValue={texts.namespace}>
            {texts.namespaces.map((namespace) => (
              <option key={namespace} value={namespace}>
                {namespace}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox name="missing" value="1" defaultChecked={missingOnly} label={t('texts.filter.missing')} />
        {texts.draft && <input type="hidden" name="draft" value={texts.draft} />}
        <Button type="submit">{t('texts.filter.submit')}</Button>
      </form>
      <p className={page.text}>
        {t('texts.count', {
          count: texts.rows.length,
          untranslated,
          language: languageName(texts.language),
          namespace: texts.namespace,
        })}
      </p>
      {shown.length === 0 ? (
        <p className={page.text}>{t('texts.none')}</p>
      ) : (
        <PostForm aria-label={t('texts.form', { language: languageName(texts.language), namespace: texts.namespace })}>
          <input type="hidden" name="language" value={texts.language} />
          <input type="hidden" name="namespace" value={texts.namespace} />
          {texts.draft && <input type="hidden" name="draft" value={texts.draft} />}
          <ul className={styles.list}>
            {shown.map((row) => {
              const id = `text-${row.key}`;
              return (
                <li key={row.key} className={styles.row}>
                  <Field
                    label={{
                      htmlFor: id,
                      children: (
                        <>
                          <span className={styles.key}>{row.key}</span>
                          {row.text === undefined && <span className={styles.missing}>{t('texts.missing')}</span>}
                        </>
                      ),
                    }}
                    hint={{
                      className: styles.english,
                      children: (
                        <>
                          {t('texts.english')}{' '}
                          <span lang="en" dir="ltr">
                            {row.english}
                          </span>
                        </>
                      ),
                    }}
                  >
                    <Textarea
                      id={id}
                      name={`${TEXT_FIELD_PREFIX}${row.key}`}
                      lang={texts.language}
                      dir={direction}
                      resize="vertical"
                      defaultValue={answered?.texts[row.key] ?? row.text ?? ''}
                    />
                  </Field>
                </li>
              );
            })}
          </ul>
          <div className={page.actions}>
            <Button type="submit" appearance="primary">
              {t('texts.save')}
            </Button>
          </div>
        </PostForm>
      )}
      {pages > 1 && (
        <nav className={styles.pages} aria-label={t('texts.pages.label')}>
          {current > 1 && <Link href={pageLink(current - 1)}>{t('texts.pages.previous')}</Link>}
          <span>{t('texts.pages.current', { page: current, pages })}</span>
          {current < pages && <Link href={pageLink(current + 1)}>{t('texts.pages.next')}</Link>}
        </nav>
      )}
    </StaffPage>
  );
}
