import type { RJSFSchema } from '@rjsf/utils';

/** One rule of the password checklist, with the message key the schema gives it. */
export interface PasswordRule {
  key: string;
  test: (value: string) => boolean;
}

function messageFor(schema: RJSFSchema, keyword: string): string | undefined {
  const em = (schema as Record<string, unknown>).errorMessage;
  if (typeof em === 'string') return em;
  if (em && typeof em === 'object') {
    const v = (em as Record<string, unknown>)[keyword];
    return typeof v === 'string' ? v : undefined;
  }
  return undefined;
}

/** Counts characters as the validator does (surrogate pairs count once). */
function length(value: string): number {
  return [...value].length;
}

/**
 * The checklist read from the password schema itself (minLength, maxLength, and each `allOf` pattern with its
 * message), so the checklist and the validation can never disagree.
 */
export function passwordRules(schema: RJSFSchema): PasswordRule[] {
  const rules: PasswordRule[] = [];
  const min = schema.minLength;
  const max = schema.maxLength;
  if (typeof min === 'number') {
    const key = messageFor(schema, 'minLength');
    if (key) rules.push({ key, test: (v) => length(v) >= min });
  }
  for (const part of schema.allOf ?? []) {
    if (part && typeof part === 'object' && typeof part.pattern === 'string') {
      const key = messageFor(part as RJSFSchema, 'pattern');
      const re = new RegExp(part.pattern, 'u');
      if (key) rules.push({ key, test: (v) => re.test(v) });
    }
  }
  if (typeof max === 'number') {
    const key = messageFor(schema, 'maxLength');
    if (key) rules.push({ key, test: (v) => length(v) <= max });
  }
  return rules;
}
