import type { RJSFSchema } from '@rjsf/utils';
import { VALUE_BOUND_KEYWORDS } from '@/shared/validation/value-keywords';

/** Keywords that only constrain a value; an allOf made of these needs no merging to render the field. */
const CONSTRAINTS = new Set<string>([...VALUE_BOUND_KEYWORDS, 'errorMessage', '$comment', 'not', 'const']);

/**
 * rjsf merges `allOf` before widgets see a schema, which would lose the order and messages of the password
 * rules the checklist shows. Constraint-only allOf lists are kept as they are (validation is precompiled and
 * does not use this); anything else is merged shallowly as rjsf does.
 */
export function keepConstraintAllOf(schema: RJSFSchema): RJSFSchema {
  const parts = (schema.allOf ?? []).filter((p): p is RJSFSchema => !!p && typeof p === 'object');
  if (parts.every((p) => Object.keys(p).every((k) => CONSTRAINTS.has(k)))) return schema;
  const { allOf: _allOf, ...rest } = schema;
  return parts.reduce<RJSFSchema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...(merged.properties ?? {}), ...(part.properties ?? {}) },
      required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
    }),
    rest,
  );
}
