/**
 * The translators' check behind `npm run check:locales` and `npm run locales:import`.
 *
 * Written here rather than taken from `i18next-cli` because that tool needs Node.js 22 while the portal supports
 * (and CI runs) Node.js 20.19; the checks it would give us are small, and these speak the portal's own terms:
 * the allow-list of texts meant to be the same as English, the CLDR plural categories of each language (from
 * the runtime's `Intl.PluralRules`, the same source i18next uses to pick a plural form) and plain-English lines
 * naming the file and key to fix.
 *
 * Each language folder under locales/ is compared with English:
 * - missing and extra keys (and missing namespace files);
 * - placeholders ({{name}}) that differ from English;
 * - plural forms: an English `_one`/`_other` pair means the language needs a form for each of its own CLDR
 *   categories (French and Portuguese one/many/other, Arabic zero/one/two/few/many/other, Chinese other);
 * - empty texts;
 * - texts still identical to English, unless listed in `locales/<lng>/_meta/same-as-english.json`
 *   (`{ "<namespace>:<key>": "why it is the same" }`; a plural key without its suffix covers every form).
 * Source files are scanned separately for user-visible text written in code instead of behind a key.
 *
 * This is the checks' entry module, printing nothing: the locale files are read by locale-files.ts, compared by
 * catalogue-check.ts, reported by report.ts, and text in code is found by text-in-code.ts.
 */
import { checkCatalogue } from './catalogue-check';
import type { LanguageReport } from './locale-finding';
import { readCatalogue, readSameAsEnglish } from './locale-files';

export { checkCatalogue } from './catalogue-check';
export { englishName, placeholders, pluralCategories } from './language-terms';
export {
  englishFolderFor,
  flatten,
  languageFolders,
  readCatalogue,
  readSameAsEnglish,
  SAME_AS_ENGLISH_FILE,
  SOURCE_LANGUAGE,
  unflatten,
  type Catalogue,
} from './locale-files';
export type { FindingKind, LanguageReport, LocaleFinding } from './locale-finding';
export { completionTable, findingLines, percent, TO_TRANSLATE_KINDS } from './report';
export { findTextInCode, readAllowedText, VISIBLE_PROPS, type AllowedText } from './text-in-code';

/** Checks one language folder against the English folder of `englishDir`'s parent (or `englishDir` itself). */
export function checkLanguageFolder(
  lng: string,
  folder: string,
  englishFolder: string,
  folderLabel?: string,
): LanguageReport {
  return checkCatalogue(
    lng,
    readCatalogue(englishFolder),
    readCatalogue(folder),
    readSameAsEnglish(folder),
    folderLabel,
  );
}
