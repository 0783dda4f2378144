import type { SchemaRule } from './types';

export const MISMATCH_KEY = 'validation:passwords.mismatch';

/** `field` must equal `other` (password confirmation); the problem is reported on `field`. */
export const sameAsRule: SchemaRule = {
  requiredOptions: ['field', 'other'],
  check(value, config) {
    const field = String(config.field);
    const other = String(config.other);
    const a = value[field];
    const b = value[other];
    // An empty confirmation is the schema's "required" message, not a mismatch.
    if (a === undefined || a === '' || b === undefined) return [];
    return a === b ? [] : [{ field, key: config.message ?? MISMATCH_KEY }];
  },
  messageKeys: (config) => [config.message ?? MISMATCH_KEY],
};
