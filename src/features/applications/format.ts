import type { Applicant } from '@/api/applications';
import { countryOptions } from '@/engine/countries';
import { DEPARTMENT_TIME_ZONE } from '@/shared/validity';

/** The locale used for dates: English reads day first (3 February 2030), as on GOV.UK and in South Africa. */
export function dateLocale(language: string): string {
  return language === 'en' || language.startsWith('en-') ? 'en-GB' : language;
}

/**
 * A calendar date (YYYY-MM-DD) or a timestamp, written out in the language ("3 February 2030"); a timestamp's day is
 * the department's, so the server's page and the visitor's browser, wherever it is, write the same.
 */
export function formatDate(value: string, language: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: 'long',
    timeZone: value.length === 10 ? 'UTC' : DEPARTMENT_TIME_ZONE,
  };
  return new Intl.DateTimeFormat(dateLocale(language), options).format(date);
}

/**
 * The time of day of a timestamp in the department's time zone, named, written as people of the language do
 * ("14:05 SAST"): the page the server renders and the browser that takes it over write the same, wherever the
 * visitor is.
 */
export function formatTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(dateLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEPARTMENT_TIME_ZONE,
    timeZoneName: 'short',
  }).format(date);
}

/** The country's name in the language, or the code when unknown. */
export function countryName(code: string, language: string): string {
  return countryOptions(language).find((c) => c.code === code)?.name ?? code;
}

/** Given names and family name, as in the passport. */
export function applicantName(applicant: Pick<Applicant, 'givenNames' | 'familyName'>): string {
  return `${applicant.givenNames} ${applicant.familyName}`.trim();
}
