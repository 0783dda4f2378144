import type { JsonSchema } from '../../validation/schema-walk';

// The pages of a form and the conditions that skip a page or hide a field, as the UI schema writes them.

/** The id of the check-answers view of a form with several pages, in its addresses (never a page of `ui:pages`). */
export const CHECK_ANSWERS_PAGE = 'check-answers';

/** Answers of a form: a JSON object keyed by the schema's property names. */
export type Answers = Record<string, unknown>;

/** One page of a multi-page form, from the UI schema's `ui:pages`. */
export interface FlowPage {
  id: string;
  /** i18n key of the page heading. */
  titleKey?: string;
  /** Top-level property names shown on the page. */
  fields: string[];
  /** JSON Schema over the answers: the page is shown only when the answers are valid against it. */
  when?: JsonSchema;
}

/** The UI schema key of a field's (or a group's) condition: a JSON Schema over the whole answers. */
export const FIELD_WHEN = 'ui:when';

/** The key under which a field's condition is compiled beside the pages' ones (`whenFns`). */
export const fieldConditionKey = (field: string) => `field:${field}`;
export const isObject = (v: unknown): v is JsonSchema => !!v && typeof v === 'object' && !Array.isArray(v);

/** The top-level field a dotted problem path belongs to. */
export const topField = (path: string): string => path.split('.')[0] ?? '';

/** The pages of a form: `ui:pages` of the UI schema, or one page "main" with every property in `ui:order`. */
export function pagesOf(uiSchema: JsonSchema, schema: JsonSchema): FlowPage[] {
  const pages = uiSchema['ui:pages'];
  if (Array.isArray(pages) && pages.length > 0) return pages as FlowPage[];
  const props = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  const order = Array.isArray(uiSchema['ui:order']) ? (uiSchema['ui:order'] as string[]).filter((f) => f !== '*') : [];
  return [
    { id: 'main', fields: [...order.filter((f) => props.includes(f)), ...props.filter((p) => !order.includes(p))] },
  ];
}

/** Each top-level field (or group) with its own condition: `"<field>": { "ui:when": { ... } }` in the UI schema. */
export function fieldConditions(uiSchema: JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [field, entry] of Object.entries(uiSchema)) {
    if (field.startsWith('ui:') || !isObject(entry)) continue;
    const when = entry[FIELD_WHEN];
    if (isObject(when)) out[field] = when;
  }
  return out;
}

/**
 * Every condition of a form by its compiled key: each page's `when` under its page id, each field's under
 * `field:<name>`. Both sides compile these, so a condition is written once, in the UI schema.
 */
export function conditionsOf(uiSchema: JsonSchema, schema: JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const page of pagesOf(uiSchema, schema)) if (isObject(page.when)) out[page.id] = page.when;
  for (const [field, when] of Object.entries(fieldConditions(uiSchema))) out[fieldConditionKey(field)] = when;
  return out;
}
