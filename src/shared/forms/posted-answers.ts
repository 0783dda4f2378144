/**
 * A form posted by the browser without scripts (`application/x-www-form-urlencoded` or `multipart/form-data`) read
 * back into answers, by the form's JSON Schema: the engine names every control by its answer's path, dotted
 * (`mobile.isoAlpha2Code`, `otherNationalities.1`; a date's parts `dateOfBirth.day`, `.month`, `.year`, see
 * date-parts.ts), and the schema says what each value is (a number, a yes or no, an object, a list). What cannot be
 * read as its type is kept as typed, so that the same validation as the browser's says what is wrong with it.
 * Fields whose names start with `_` carry the form's own controls (its token, the button pressed), never answers.
 */
import type { JsonSchema } from '../validation/schema-walk';
import { DATE_PARTS, datePartName, joinDate } from './date-parts';
import type { Answers } from './flow';

/** The fields of a posted form, as FormData and URLSearchParams both offer them. */
export interface PostedFields {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
  keys(): Iterable<string>;
}

const isObject = (v: unknown): v is JsonSchema => !!v && typeof v === 'object' && !Array.isArray(v);

const typeOf = (schema: JsonSchema): string | undefined => {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (isObject(schema.properties)) return 'object';
  return undefined;
};

const text = (value: FormDataEntryValue | null): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * The most items read back for a list whose schema sets no `maxItems`. A list is read up to one item beyond its
 * `maxItems` (or this), so that the form's own message says it is too long, and no further: what a page draws again
 * after a refusal stays as small as the form allows, whatever was posted.
 */
export const MAX_LIST_ITEMS = 50;

/** How many items of a list of this schema are read back from a post: one beyond the most it may have. */
export function listReadLimit(schema: JsonSchema): number {
  const most = typeof schema.maxItems === 'number' && schema.maxItems >= 0 ? schema.maxItems : MAX_LIST_ITEMS;
  return Math.min(most, MAX_LIST_ITEMS) + 1;
}

/** An item's index in a posted name: digits only, no more than a list can hold. */
const INDEX = /^\d{1,4}$/;

function scalar(schema: JsonSchema, raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  switch (typeOf(schema)) {
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'number':
    case 'integer':
      return NUMBER.test(raw) ? Number(raw) : raw;
    default:
      return raw;
  }
}

/** Whether the UI schema asks this field as a date (three parts). */
const asksDate = (schema: JsonSchema, ui: JsonSchema | undefined) =>
  ui?.['ui:widget'] === 'date' || schema.format === 'date';

/** The answer posted under `name` for a field of this schema (undefined when nothing was given). */
function valueOf(schema: JsonSchema, ui: JsonSchema | undefined, name: string, posted: PostedFields): unknown {
  if (asksDate(schema, ui)) {
    const [day, month, year] = DATE_PARTS.map((part) => text(posted.get(datePartName(name, part))) ?? '');
    return joinDate({ day, month, year }) ?? text(posted.get(name));
  }
  const type = typeOf(schema);
  if (type === 'object' && isObject(schema.properties)) {
    const out: Answers = {};
    for (const [key, child] of Object.entries(schema.properties)) {
      if (!isObject(child)) continue;
      const value = valueOf(child, isObject(ui?.[key]) ? (ui[key] as JsonSchema) : undefined, `${name}.${key}`, posted);
      if (value !== undefined) out[key] = value;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  if (type === 'array') {
    const items = isObject(schema.items) ? schema.items : {};
    const itemUi = isObject(ui?.items) ? (ui.items as JsonSchema) : undefined;
    const limit = listReadLimit(schema);
    // A list of choices ticked as boxes posts each ticked value under the list's own name.
    const ticked = posted.getAll(name);
    if (Array.isArray(items.enum) && ticked.length > 0) {
      return ticked.slice(0, limit).map((v) => scalar(items, text(v)));
    }
    const prefix = `${name}.`;
    const indexes = new Set<number>();
    for (const key of posted.keys()) {
      if (!key.startsWith(prefix)) continue;
      const index = key.slice(prefix.length).split('.')[0];
      if (INDEX.test(index)) indexes.add(Number(index));
    }
    const list = [...indexes]
      .sort((a, b) => a - b)
      .slice(0, limit)
      .map((i) => valueOf(items, itemUi, `${name}.${i}`, posted))
      .filter((v) => v !== undefined);
    return list.length > 0 ? list : undefined;
  }
  return scalar(schema, text(posted.get(name)));
}

/**
 * The answers a posted form gives for `fields` (top-level properties of `schema`, the fields of the page that was
 * shown); a field left empty has no answer. `schema` has its fields' references resolved (the schema the engine
 * renders).
 */
export function answersFromPost(
  schema: JsonSchema,
  uiSchema: JsonSchema,
  fields: readonly string[],
  posted: PostedFields,
): Answers {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const answers: Answers = {};
  for (const field of fields) {
    const child = properties[field];
    if (!isObject(child)) continue;
    const value = valueOf(
      child,
      isObject(uiSchema[field]) ? (uiSchema[field] as JsonSchema) : undefined,
      field,
      posted,
    );
    if (value !== undefined) answers[field] = value;
  }
  return answers;
}

/**
 * The fields under which a form posted without scripts carries `answers` it does not show (hidden fields of a form
 * with several pages that is sent only from its last page), named as the engine names its controls, so that
 * `answersFromPost` reads them back as they were: objects and lists by path, a date whole (`YYYY-MM-DD`), yes or no
 * as `true`/`false`. Empty values are left out, as a field left empty has no answer.
 */
export function postedFieldsOf(answers: Answers, prefix = ''): [string, string][] {
  const fields: [string, string][] = [];
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${name}.${index}`, item));
    else if (typeof value === 'object') for (const [key, child] of Object.entries(value)) add(`${name}.${key}`, child);
    else fields.push([name, String(value)]);
  };
  for (const [field, value] of Object.entries(answers)) add(prefix ? `${prefix}.${field}` : field, value);
  return fields;
}
