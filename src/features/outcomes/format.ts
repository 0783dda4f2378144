import { countryOptions } from '@/engine/countries';

/** The locale used for dates: English reads day first (3 February 2030), as in South Africa. */
function dateLocale(language: string): string {
  return language === 'en' || language.startsWith('en-') ? 'en-GB' : language;
}

/** A calendar date (YYYY-MM-DD) written out in the language ("3 February 2030"), as the rest of the portal does. */
export function formatDate(value: string, language: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The country's name in the language, or the code when unknown (the portal's one country list). */
export function countryName(code: string, language: string): string {
  return countryOptions(language).find((c) => c.code === code)?.name ?? code;
}
