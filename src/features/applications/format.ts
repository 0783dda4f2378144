import type { Applicant } from '@/api/applications';
import { countryOptions } from '@/engine/countries';

/** The locale used for dates: English reads day first (3 February 2030), as on GOV.UK and in South Africa. */
export function dateLocale(language: string): string {
  return language === 'en' || language.startsWith('en-') ? 'en-GB' : language;
}

/** A calendar date (YYYY-MM-DD) or a timestamp, written out in the language ("3 February 2030"). */
export function formatDate(value: string, language: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long' };
  if (value.length === 10) options.timeZone = 'UTC';
  return new Intl.DateTimeFormat(dateLocale(language), options).format(date);
}

/** The local time of day of a timestamp, written as people of the language do ("14:05"). */
export function formatTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(dateLocale(language), { timeStyle: 'short' }).format(date);
}

/** The country's name in the language, or the code when unknown. */
export function countryName(code: string, language: string): string {
  return countryOptions(language).find((c) => c.code === code)?.name ?? code;
}

/** Given names and family name, as in the passport. */
export function applicantName(applicant: Pick<Applicant, 'givenNames' | 'familyName'>): string {
  return `${applicant.givenNames} ${applicant.familyName}`.trim();
}
