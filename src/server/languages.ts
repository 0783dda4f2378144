/**
 * Which languages the portal has, read from a locales folder: the one listing the server, the build (which hands it
 * to the browser as `virtual:eta-languages`), the form preview, the translators' check and the tests all use. What
 * needs no file system (the fallback language, the order, the direction) is in src/shared/languages.ts.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isLanguageFolder } from '../shared/languages';

/**
 * The languages of a locales folder: one per folder directly under it (or link to a folder), except those whose name
 * starts with `_` or `.` (see isLanguageFolder), sorted by code (e.g. ['ar', 'en', 'fr']).
 */
export function languagesIn(localesDir: string): string[] {
  return readdirSync(localesDir)
    .filter((name) => isLanguageFolder(name) && statSync(path.join(localesDir, name)).isDirectory())
    .sort();
}
