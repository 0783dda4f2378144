import { Link, makeStyles, tokens } from '@fluentui/react-components';
import type { RJSFSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { toE164 } from '@/shared/rules/phone-number';
import { createRefResolver, derefSchema, type JsonSchema } from '@/shared/validation/schema-walk';
import { getAtPath } from './answers';
import { countryOptions } from './countries';
import type { CompiledForm, FormAnswers, FormPage } from './form-types';
import { fileNameOf } from './widgets/file-widget';

const useStyles = makeStyles({
  list: { margin: `0 0 ${tokens.spacingVerticalXXL} 0` },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (min-width: 600px)': { gridTemplateColumns: '30% 1fr auto', gap: tokens.spacingHorizontalL },
  },
  key: { fontWeight: tokens.fontWeightSemibold, margin: 0 },
  value: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  actions: { margin: 0 },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
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
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Formats one answer for reading: enum labels, yes/no, dates, countries, phone numbers, file names. */
export function formatAnswer(
  value: unknown,
  schema: JsonSchema,
  ui: Record<string, unknown>,
  t: Translate,
  language: string,
  resolveSchema: (s: JsonSchema) => JsonSchema,
): string {
  if (value === undefined || value === null || value === '') return t('forms:engine.notProvided');
  const s = resolveSchema(schema);
  const prefix = s['x-enumLabels'];
  if (typeof prefix === 'string') return t(`${prefix}.${String(value)}`);
  if (typeof value === 'boolean') return value ? t('forms:engine.yes') : t('forms:engine.no');
  if (ui['ui:widget'] === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    // English dates read day first (3 February 2030), as on GOV.UK and in South Africa.
    return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(d);
  }
  if (ui['ui:widget'] === 'country' && typeof value === 'string') {
    return countryOptions(language).find((c) => c.code === value)?.name ?? value;
  }
  if (ui['ui:widget'] === 'file') return fileNameOf(value) ?? t('forms:engine.notProvided');
  if (ui['ui:field'] === 'phone' && typeof value === 'object') {
    const m = value as { isoAlpha2Code?: string; mobileNumber?: string };
    return (
      (m.isoAlpha2Code && m.mobileNumber && toE164(m.isoAlpha2Code, m.mobileNumber)) ||
      m.mobileNumber ||
      t('forms:engine.notProvided')
    );
  }
  if (Array.isArray(value)) {
    const items = s.items && typeof s.items === 'object' ? (s.items as JsonSchema) : {};
    const itemUi = (ui.items as Record<string, unknown>) ?? {};
    return value.map((v) => formatAnswer(v, items, itemUi, t, language, resolveSchema)).join('\n');
  }
  if (typeof value === 'object') {
    const props = (s.properties as Record<string, JsonSchema>) ?? {};
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) =>
        formatAnswer(v, props[k] ?? {}, (ui[k] as Record<string, unknown>) ?? {}, t, language, resolveSchema),
      )
      .join('\n');
  }
  return String(value);
}

/** GOV.UK "Check your answers": each answer with its label, 'Not provided' when empty, and a Change link. */
export function CheckAnswers({ form, data, pages, onChange }: CheckAnswersProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['forms', 'validation']);
  const root = form.schema as JsonSchema;
  const resolve = createRefResolver({ [form.formId]: root });
  const resolveSchema = (s: JsonSchema) => derefSchema(s, form.formId, resolve).schema;
  const props = (resolveSchema(root).properties ?? {}) as Record<string, JsonSchema>;
  const ui = form.uiSchema as Record<string, Record<string, unknown>>;
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
                      {formatAnswer(
                        getAtPath(data, field),
                        props[field] as RJSFSchema as JsonSchema,
                        ui[field] ?? {},
                        t,
                        i18n.language,
                        resolveSchema,
                      )}
                    </dd>
                    {onChange && (
                      <dd className={styles.actions}>
                        <Link
                          href={`#root_${field}`}
                          onClick={(e) => {
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
