import { getAlpha2Codes } from 'i18n-iso-countries';
import { FALLBACK_LANGUAGE } from '@/shared/languages';

export interface CountryOption {
  code: string;
  name: string;
  /** International dialling code without "+", for the phone widget. */
  callingCode?: string;
}

const cache = new Map<string, CountryOption[]>();
/**
 * The lists of countries of the given keys, as made (the server sends those a page showed with the page, because the
 * browser's names, its own Intl data, may differ from the server's: the page's scripts take the lists over as they
 * were rendered, see seedCountryLists, so the page hydrates as it is).
 */
export function madeCountryLists(keys: Iterable<string>): Record<string, CountryOption[]> {
  return Object.fromEntries([...keys].flatMap((key) => (cache.has(key) ? [[key, cache.get(key)!]] : [])));
}

/** The lists of countries a page was rendered with, used instead of the browser's own names (see madeCountryLists). */
export function seedCountryLists(lists: Record<string, CountryOption[]> | undefined): void {
  for (const [key, options] of Object.entries(lists ?? {})) cache.set(key, options);
}

/** Country codes with their names in the language (Intl.DisplayNames), sorted by name; built once per language. */
export function namedCountries(
  list: string,
  language: string,
  codes: () => { code: string; callingCode?: string }[],
  shown?: (listKey: string) => void,
): CountryOption[] {
  const cacheKey = `${list}|${language}`;
  shown?.(cacheKey);
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  let name: (code: string) => string;
  try {
    const names = new Intl.DisplayNames([language, FALLBACK_LANGUAGE], { type: 'region', fallback: 'code' });
    name = (code) => names.of(code) ?? code;
  } catch {
    name = (code) => code;
  }
  const collator = new Intl.Collator(language);
  const options = codes()
    .map((c) => ({ ...c, name: name(c.code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(cacheKey, options);
  return options;
}

/** ISO 3166-1 alpha-2 countries with names in the language, sorted by name. */
export function countryOptions(language: string, shown?: (listKey: string) => void): CountryOption[] {
  return namedCountries('iso', language, () => Object.keys(getAlpha2Codes()).map((code) => ({ code })), shown);
}

/** The country's name in the language, or the code when unknown (the portal's one country list). */
export function countryName(code: string, language: string): string {
  return countryOptions(language).find((c) => c.code === code)?.name ?? code;
}

/** Case- and accent-insensitive match of typed text against an option's name, code or calling code. */
export function matchesSearch(option: { name: string; code?: string; callingCode?: string }, query: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(query.trim().replace(/^\+/, ''));
  if (!q) return true;
  return (
    fold(option.name).includes(q) ||
    (option.code ? option.code.toLowerCase() === q : false) ||
    (option.callingCode ? option.callingCode.startsWith(q) : false)
  );
}
