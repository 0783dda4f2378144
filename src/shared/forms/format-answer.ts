import { formatCalendarDate } from '../dates';
import { loadedRule } from '../rules/registry';
import type { JsonSchema } from '../validation/schema-walk';

/** A translation function over the catalogue's keys (`ns:key`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What formatting an answer needs besides the answer, its schema and its UI schema entry. */
export interface FormatContext {
  t: Translate;
  language: string;
  /** The schema behind a `$ref`. */
  resolveSchema: (s: JsonSchema) => JsonSchema;
  /** A country's name in the language, from its ISO 3166 alpha-2 code. */
  countryName: (code: string) => string;
}

/** The file name carried by a file answer (a data URL with a `name=` parameter). */
export function fileNameOf(value: unknown): string | undefined {
  const m = typeof value === 'string' ? /;name=([^;]*);/.exec(value) : null;
  return m ? decodeURIComponent(m[1]) : undefined;
}

/**
 * One answer as a person reads it, in the page's check answers and in a submission's e-mail alike: enum labels,
 * yes/no, dates, countries, phone numbers, file names, lists and groups one item per line.
 */
export function formatAnswer(
  value: unknown,
  schema: JsonSchema,
  ui: Record<string, unknown>,
  c: FormatContext,
): string {
  const { t, language } = c;
  if (value === undefined || value === null || value === '') return t('forms:engine.notProvided');
  const s = c.resolveSchema(schema);
  const prefix = s['x-enumLabels'];
  if (typeof prefix === 'string') return t(`${prefix}.${String(value)}`);
  if (typeof value === 'boolean') return value ? t('forms:engine.yes') : t('forms:engine.no');
  if (ui['ui:widget'] === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return formatCalendarDate(value, language);
  }
  if (ui['ui:widget'] === 'country' && typeof value === 'string') return c.countryName(value);
  if (ui['ui:widget'] === 'file') return fileNameOf(value) ?? t('forms:engine.notProvided');
  if (ui['ui:field'] === 'phone' && typeof value === 'object') {
    const m = value as { isoAlpha2Code?: string; mobileNumber?: string };
    // The phone rule writes a valid number in E.164 (stored answers already are). The API has every rule loaded;
    // the browser loads it right after a form shows (rulesLoadedLater), and shows the number as typed until then.
    const phone = loadedRule('phoneNumber');
    const shown =
      phone?.normalise && m.isoAlpha2Code && m.mobileNumber
        ? phone.normalise(m, { rule: 'phoneNumber' }).mobileNumber
        : m.mobileNumber;
    return (typeof shown === 'string' && shown) || t('forms:engine.notProvided');
  }
  if (Array.isArray(value)) {
    const items = s.items && typeof s.items === 'object' ? (s.items as JsonSchema) : {};
    const itemUi = (ui.items as Record<string, unknown>) ?? {};
    return value.map((v) => formatAnswer(v, items, itemUi, c)).join('\n');
  }
  if (typeof value === 'object') {
    const props = (s.properties as Record<string, JsonSchema>) ?? {};
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => formatAnswer(v, props[k] ?? {}, (ui[k] as Record<string, unknown>) ?? {}, c))
      .join('\n');
  }
  return String(value);
}
