import { Link, makeStyles, tokens } from '@fluentui/react-components';
import type { RJSFSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formatAnswer } from '@/shared/forms/format-answer';
import { visuallyHidden } from '@/ui/visually-hidden';
import { createRefResolver, derefSchema, type JsonSchema } from '@/shared/validation/schema-walk';
import { LtrValue } from '@/ui/ltr-value';
import { WIDE } from '@/ui/media';
import { getAtPath } from './dotted-paths';
import { controlIdForPath } from './templates/field-aria';
import { useServerRender } from '@/ui/server-render';
import { countryOptions } from './countries';
import type { CompiledForm, FormAnswers, FormPage } from './form-types';

/** Answers written left to right whatever the page's language: phone numbers and e-mail addresses. */
const isLeftToRight = (ui: Record<string, unknown> | undefined) =>
  ui?.['ui:field'] === 'phone' || ui?.['ui:widget'] === 'email';

const useStyles = makeStyles({
  list: { margin: `0 0 ${tokens.spacingVerticalXXL} 0` },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    [WIDE]: { gridTemplateColumns: '30% 1fr auto', gap: tokens.spacingHorizontalL },
  },
  key: { fontWeight: tokens.fontWeightSemibold, margin: 0 },
  value: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  actions: { margin: 0 },
  hidden: visuallyHidden,
  pageTitle: { fontSize: tokens.fontSizeBase500, marginTop: tokens.spacingVerticalXL },
});

/** Widgets whose answers are never shown back. */
const NOT_SHOWN = new Set(['password', 'hidden']);

export interface CheckAnswersProps {
  form: CompiledForm;
  data: FormAnswers;
  pages: FormPage[];
  /** Called by a Change link with the page and the field to return to. */
  onChange?: (pageId: string, field: string) => void;
  /** The address of a page, for its Change links (they then work without scripts, and open in a new tab). */
  changeHref?: (pageId: string) => string;
}

/** GOV.UK "Check your answers": each answer with its label, 'Not provided' when empty, and a Change link. */
export function CheckAnswers({ form, data, pages, onChange, changeHref }: CheckAnswersProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['forms', 'validation']);
  const server = useServerRender();
  const root = form.schema as JsonSchema;
  const resolve = createRefResolver({ [form.formId]: root });
  const resolveSchema = (s: JsonSchema) => derefSchema(s, form.formId, resolve).schema;
  const props = (resolveSchema(root).properties ?? {}) as Record<string, JsonSchema>;
  const ui = form.uiSchema as Record<string, Record<string, unknown>>;
  const countryName = (code: string) =>
    countryOptions(i18n.language, server?.countriesShown).find((c) => c.code === code)?.name ?? code;
  const answer = (field: string) =>
    formatAnswer(getAtPath(data, field), props[field] as RJSFSchema as JsonSchema, ui[field] ?? {}, {
      t,
      language: i18n.language,
      resolveSchema,
      countryName,
    });
  return (
    <div>
      {pages.map((page) => {
        const shown = page.fields.filter((f) => props[f] && !NOT_SHOWN.has(String(ui[f]?.['ui:widget'])));
        if (shown.length === 0) return null;
        return (
          <section key={page.id} aria-labelledby={page.titleKey ? `check-${page.id}` : undefined}>
            {page.titleKey && pages.length > 1 && (
              <h2 id={`check-${page.id}`} className={styles.pageTitle}>
                {t(page.titleKey)}
              </h2>
            )}
            <dl className={styles.list}>
              {shown.map((field) => {
                const label = t(String(ui[field]?.['ui:title'] ?? field));
                return (
                  <div key={field} className={styles.row}>
                    <dt className={styles.key}>{label}</dt>
                    <dd className={styles.value} data-answer={field}>
                      {/* An answer keeps its own direction inside a page of the other: a Latin address or a phone
                          number on an Arabic page. Phone numbers and e-mail addresses always read left to right. */}
                      {isLeftToRight(ui[field]) ? <LtrValue>{answer(field)}</LtrValue> : <bdi>{answer(field)}</bdi>}
                    </dd>
                    {onChange && (
                      <dd className={styles.actions}>
                        <Link
                          href={`${changeHref ? changeHref(page.id) : ''}#${controlIdForPath(field)}`}
                          onClick={(e) => {
                            // A link opened in a new tab, or by the browser itself, goes to the page's address.
                            if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
                            e.preventDefault();
                            onChange(page.id, field);
                          }}
                        >
                          {t('forms:engine.change')}
                          <span className={styles.hidden}> {label}</span>
                        </Link>
                      </dd>
                    )}
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
