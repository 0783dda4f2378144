import '@/engine/testing/forms-loaded';
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '@/shared/validation/schema-walk';
import { listForms, loadForm } from '../form-loader';
import { formValidation } from './form-validation';
import { inlineFieldRefs } from './inline-refs';
import { keepConstraintAllOf } from './merge-all-of';

/** Every `$ref` left in the tree of fields (properties, items) of a schema. */
function fieldRefs(node: unknown, path = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  const schema = node as JsonSchema;
  const own = typeof schema.$ref === 'string' ? [`${path}: ${schema.$ref}`] : [];
  const properties = Object.entries((schema.properties ?? {}) as Record<string, unknown>).flatMap(([name, child]) =>
    fieldRefs(child, `${path}/${name}`),
  );
  return [...own, ...properties, ...fieldRefs(schema.items, `${path}/items`)];
}

describe('the schema rjsf renders', () => {
  it.each(listForms())('%s: its fields read as rjsf resolves them, without a $ref left to resolve', async (id) => {
    const form = await loadForm(id);
    const original = form.schema as RJSFSchema;
    const inlined = inlineFieldRefs(original) as RJSFSchema;
    expect(fieldRefs(inlined)).toEqual([]);
    // Conditions stay the very objects the precompiled validator has functions for.
    expect(inlined.allOf).toBe(original.allOf);
    const { validator, rjsfSchema } = formValidation(form);
    expect(rjsfSchema).toEqual(inlined);
    const before = createSchemaUtils(validator, original, {}, keepConstraintAllOf);
    const after = createSchemaUtils(validator, rjsfSchema, {}, keepConstraintAllOf);
    // As JSON: rjsf marks a schema it resolved from a $ref with a symbol of its own, which is not part of the schema;
    // editors' comments are left out too (through a chain of refs rjsf keeps the innermost one, nothing it shows).
    const json = (value: unknown) =>
      JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === '$comment' ? undefined : v))) as unknown;
    for (const [name, property] of Object.entries(original.properties ?? {})) {
      const resolved = after.retrieveSchema(rjsfSchema.properties?.[name] as RJSFSchema);
      expect(json({ name, ...resolved })).toEqual(json({ name, ...before.retrieveSchema(property as RJSFSchema) }));
    }
  });

  it('keeps the keywords written beside a $ref over those of the definition', () => {
    const schema = {
      definitions: { name: { type: 'string', maxLength: 10 } },
      properties: { given: { $ref: '#/definitions/name', maxLength: 5 } },
    };
    expect(inlineFieldRefs(schema).properties).toEqual({ given: { type: 'string', maxLength: 5 } });
  });
});
