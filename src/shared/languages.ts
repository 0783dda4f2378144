/**
 * The portal's languages as browser and server both need them: the language every other falls back to, the order
 * the languages are offered in, the link that chooses one (`?lng=`) and a language's writing direction.
 *
 * Which languages there are is read from locales/ by one rule, where there is a file system: the server and the
 * build list them with `languagesIn` (src/server/languages.ts), and the browser gets the build's list from
 * `virtual:eta-languages` (tools/build/language-names-plugin.ts).
 */
import i18next from 'i18next';

/**
 * English: its catalogue is complete (every other language is checked against it), a text missing in another
 * language is shown in it, and a visitor who asks for no language the portal offers gets it.
 */
export const FALLBACK_LANGUAGE = 'en';

/**
 * Whether a folder directly under locales/ is a language: every folder is, except those whose name starts with `_`
 * or `.` (notes, a tool's files).
 */
export function isLanguageFolder(name: string): boolean {
  return !name.startsWith('_') && !name.startsWith('.');
}

/**
 * The languages in the order the portal offers them: English first, then by code (compared as plain text: codes are
 * ASCII, and localeCompare would set up a collator while the app starts).
 */
export function inOfferOrder(languages: Iterable<string>): string[] {
  return [...new Set(languages)].sort((a, b) =>
    a === FALLBACK_LANGUAGE ? -1 : b === FALLBACK_LANGUAGE ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
}

/** The query parameter of a link (or the switcher's form) that chooses the page's language: `?lng=fr`. */
export const LANGUAGE_PARAM = 'lng';

/** The language a link asks for with `?lng=` (an e-mailed link, a language switch), when it is one of `offered`. */
export function linkedLanguage(search: string | undefined, offered: readonly string[]): string | undefined {
  const asked = new URLSearchParams(search ?? '').get(LANGUAGE_PARAM);
  return asked && offered.includes(asked) ? asked : undefined;
}

/**
 * The writing direction of a language ("rtl" for Arabic, Hebrew, Persian, Urdu, ...), for `<html dir>`, Fluent's
 * styles, e-mails, PDFs and the isolation of values inside texts. i18next's rule: the platform's locale data where it
 * has it, else i18next's list of right-to-left languages, so every browser and the server agree.
 */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return language && i18next.dir(language) === 'rtl' ? 'rtl' : 'ltr';
}
