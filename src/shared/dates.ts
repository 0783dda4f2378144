import { DEPARTMENT_TIME_ZONE } from './validity';

/*
 * Dates and times as the portal writes them, the same on the server's page and in the visitor's browser, wherever
 * the visitor is: calendar dates as they are, moments in the department's time zone. One formatter per language and
 * style, made once (making one costs far more than formatting with it).
 */

/** The locale used for dates: English reads day first (3 February 2030), as on GOV.UK and in South Africa. */
export function dateLocale(language: string): string {
  return language === 'en' || language.startsWith('en-') ? 'en-GB' : language;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a language and style, made on first need. */
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    // The languages and styles are few; a language tag from elsewhere must not grow the map without end.
    if (formatters.size < 500) formatters.set(key, made);
  }
  return made;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) written out in the language ("3 February 2030"), or the value as given. */
export function formatCalendarDate(value: string, language: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!CALENDAR_DATE.test(value) || Number.isNaN(date.getTime())) return value;
  return formatter(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * A calendar date (YYYY-MM-DD) or a timestamp, written out in the language ("3 February 2030"); a timestamp's day is
 * the department's.
 */
export function formatDate(value: string, language: string): string {
  if (CALENDAR_DATE.test(value)) return formatCalendarDate(value, language);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(language, { dateStyle: 'long', timeZone: DEPARTMENT_TIME_ZONE }).format(date);
}

/** The time of day of a timestamp in the department's time zone, named ("14:05 SAST"); empty when it is none. */
export function formatTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(language, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEPARTMENT_TIME_ZONE,
    timeZoneName: 'short',
  }).format(date);
}

/** A moment written out in the language, date and time in the department's time zone ("24 November 2026 at 21:05 SAST"). */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEPARTMENT_TIME_ZONE,
    timeZoneName: 'short',
  }).format(date);
}
