import { getAlpha2Codes } from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/mobile';

export interface CountryOption {
  code: string;
  name: string;
  /** International dialling code without "+", for the phone widget. */
  callingCode?: string;
}

const cache = new Map<string, CountryOption[]>();

function displayNames(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

function sorted(options: CountryOption[], language: string): CountryOption[] {
  const collator = new Intl.Collator(language);
  return options.sort((a, b) => collator.compare(a.name, b.name));
}

/** ISO 3166-1 alpha-2 countries with names in the language (Intl.DisplayNames), sorted by name. */
export function countryOptions(language: string): CountryOption[] {
  const cacheKey = `iso|${language}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const name = displayNames(language);
  const options = sorted(
    Object.keys(getAlpha2Codes()).map((code) => ({ code, name: name(code) })),
    language,
  );
  cache.set(cacheKey, options);
  return options;
}

/** Countries with a dialling code (libphonenumber-js), names in the language, sorted by name. */
export function phoneCountryOptions(language: string): CountryOption[] {
  const cacheKey = `phone|${language}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const name = displayNames(language);
  const options = sorted(
    getCountries().map((code: CountryCode) => ({ code, name: name(code), callingCode: getCountryCallingCode(code) })),
    language,
  );
  cache.set(cacheKey, options);
  return options;
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
