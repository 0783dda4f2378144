import type { RJSFSchema } from '@rjsf/utils';

/** One rule of the password checklist, with the message key the schema gives it. */
export interface PasswordRule {
  key: string;
  test: (value: string) => boolean;
}

/** Counts characters as the validator does (surrogate pairs count once). */
function length(value: string): number {
  return [...value].length;
}

/**
 * The checklist read from the password schema itself: each `allOf` entry (minLength, maxLength or pattern)
 * with its message, so the checklist and the validation can never disagree.
 */
export function passwordRules(schema: RJSFSchema): PasswordRule[] {
  const rules: PasswordRule[] = [];
  for (const part of schema.allOf ?? []) {
    if (!part || typeof part !== 'object') continue;
    const key = (part as Record<string, unknown>).errorMessage;
    if (typeof key !== 'string') continue;
    const { minLength, maxLength, pattern } = part;
    if (typeof minLength === 'number') rules.push({ key, test: (v) => length(v) >= minLength });
    else if (typeof maxLength === 'number') rules.push({ key, test: (v) => length(v) <= maxLength });
    else if (typeof pattern === 'string') {
      const re = new RegExp(pattern, 'u');
      rules.push({ key, test: (v) => re.test(v) });
    }
  }
  return rules;
}
