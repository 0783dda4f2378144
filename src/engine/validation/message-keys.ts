import { getRule } from '@/shared/rules/registry';
import { rulesOf } from '@/shared/rules/run-rules';
import { GENERIC_KEYS } from '@/shared/validation/field-errors';
import type { JsonSchema } from '@/shared/validation/schema-walk';
import type { CompiledForm } from '../form-types';

/** Every validation message key a form can produce: its schema's messages, its rules' and the generic ones. */
export function formMessageKeys(form: CompiledForm): string[] {
  const keys = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const schema = node as JsonSchema;
    const add = (v: unknown) => {
      if (typeof v === 'string') keys.add(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(add);
    };
    add(schema.errorMessage);
    for (const config of rulesOf(schema))
      getRule(config.rule)
        .messageKeys(config)
        .forEach((k) => keys.add(k));
    for (const [k, v] of Object.entries(schema)) if (k !== 'errorMessage' && k !== 'x-rules') visit(v);
  };
  visit(form.schema);
  for (const key of [GENERIC_KEYS.required, GENERIC_KEYS.unknownField, GENERIC_KEYS.invalid]) keys.add(key);
  return [...keys];
}
