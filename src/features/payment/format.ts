import { DEPARTMENT_TIME_ZONE } from '@/shared/validity';

/** The locale used for dates: English reads day first (3 February 2030), as in South Africa. */
function dateLocale(language: string): string {
  return language === 'en' || language.startsWith('en-') ? 'en-GB' : language;
}

/**
 * A moment written out in the language, date and time in the department's time zone, named ("24 November 2026 at
 * 21:05 SAST"): the page the server renders and the browser that takes it over write the same, wherever the visitor
 * is.
 */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(dateLocale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: DEPARTMENT_TIME_ZONE,
    timeZoneName: 'short',
  }).format(date);
}

/**
 * A fresh idempotency key for one payment attempt. crypto.randomUUID exists only on secure pages (https or
 * localhost); a portal opened on a plain-http network address still needs a random key, made the same way.
 */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
