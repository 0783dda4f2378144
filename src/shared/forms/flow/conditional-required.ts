import type { JsonSchema } from '../../validation/schema-walk';
import { fieldConditions, isObject, pagesOf } from './pages';

/**
 * The schema as both sides validate it: a field listed in `required` that sits on a page with a `when`, or has a
 * `when` of its own, is required only while its conditions hold (an `if`/`then` built here, with the field's
 * `errorMessage.required` message). So a condition is never written twice: the UI schema's `when` says when the
 * question is asked, and `required` says that it must then be answered.
 */
export function withConditionalRequired(schema: JsonSchema, uiSchema: JsonSchema): JsonSchema {
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (required.length === 0) return schema;
  const pages = pagesOf(uiSchema, schema);
  const own = fieldConditions(uiSchema);
  const conditionsOfField = (field: string): JsonSchema[] => {
    const page = pages.find((p) => p.fields.includes(field));
    return [...(page && isObject(page.when) ? [page.when] : []), ...(own[field] ? [own[field]] : [])];
  };
  const conditional = required.filter((f) => conditionsOfField(f).length > 0);
  if (conditional.length === 0) return schema;

  const errorMessage = isObject(schema.errorMessage) ? { ...schema.errorMessage } : undefined;
  const messages = errorMessage && isObject(errorMessage.required) ? { ...errorMessage.required } : {};
  // Fields with the same conditions share one if/then, in the order they are first required.
  const groups = new Map<string, { when: JsonSchema[]; fields: string[] }>();
  for (const field of conditional) {
    const when = conditionsOfField(field);
    const key = JSON.stringify(when);
    const group = groups.get(key) ?? { when, fields: [] };
    group.fields.push(field);
    groups.set(key, group);
  }
  const generated = [...groups.values()].map(({ when, fields }) => {
    const fieldMessages = Object.fromEntries(
      fields.filter((f) => typeof messages[f] === 'string').map((f) => [f, messages[f]]),
    );
    return {
      if: when.length === 1 ? when[0] : { allOf: when },
      then: {
        required: fields,
        ...(Object.keys(fieldMessages).length > 0 ? { errorMessage: { required: fieldMessages } } : {}),
      },
    };
  });
  for (const f of conditional) delete messages[f];
  const out: JsonSchema = { ...schema, required: required.filter((f) => !conditional.includes(f)) };
  if (errorMessage) {
    if (Object.keys(messages).length > 0) errorMessage.required = messages;
    else delete errorMessage.required;
    if (Object.keys(errorMessage).length > 0) out.errorMessage = errorMessage;
    else delete out.errorMessage;
  }
  out.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), ...generated];
  return out;
}
