import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isObject, readJson } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';

/** The words of section 5 of the specification, which English must carry word for word. */
export const SPEC_MESSAGES = [
  'Email is required',
  'Invalid email',
  'Name is required',
  'Only letters, spaces, apostrophes, and hyphens are allowed',
  'Password is required',
  'Password must be at least 8 characters long',
  'Password must be less than 50 characters long',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one lowercase letter',
  'Password must contain at least one number',
  'Password must contain at least one special character',
  'New password is required',
  'Confirm new password is required',
  'Passwords do not match',
  'Country code is required',
  'Mobile number is required',
  'Invalid mobile number',
  'Invalid number',
];

/** English carries every message of the specification's section 5, word for word. */
export function checkSpecMessages(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const path = join(dirs.locales, 'en', 'validation.json');
  const texts = new Set<string>();
  const walk = (n: unknown) => {
    if (typeof n === 'string') texts.add(n);
    else if (isObject(n)) Object.values(n).forEach(walk);
  };
  walk(existsSync(path) ? readJson(path) : {});
  return SPEC_MESSAGES.filter((m) => !texts.has(m)).map((m) => ({
    file: 'locales/en/validation.json',
    message: `does not contain the specification's message "${m}" word for word: add it`,
  }));
}
