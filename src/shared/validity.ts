/**
 * How long an approved document (an ETA, a visa) is valid, in one place: it is valid from the day of the decision
 * to the end of its last day in the department's time zone, and its last day is the earlier of the end of its
 * period (calendar years, or days) and the passport's expiry date. Days are YYYY-MM-DD texts.
 */

/** The department's time zone: South Africa, UTC+2 all year. */
export const DEPARTMENT_TIME_ZONE = 'Africa/Johannesburg';

/** How long a document is valid: calendar years (two years from 10 March end on 9 March), or days. */
export type ValidityPeriod = { years: number } | { days: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

let zoneFormat: Intl.DateTimeFormat | undefined;
/** The department's wall clock (made once: setting up a time zone's format is the slow part). */
function zoneParts(at: Date): Record<string, number> {
  zoneFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: DEPARTMENT_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return Object.fromEntries(
    zoneFormat
      .formatToParts(at)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
}

const isoDay = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day (YYYY-MM-DD) a moment falls on in the department's time zone. */
export function departmentDay(at: Date): string {
  const { year, month, day } = zoneParts(at);
  return isoDay(Date.UTC(year, month - 1, day));
}

/** The last day of a period that starts on `firstDay`. */
function periodEnd(firstDay: string, period: ValidityPeriod): string {
  if ('days' in period) return isoDay(dayMs(firstDay) + (period.days - 1) * DAY_MS);
  const [, y, m, d] = DAY.exec(firstDay)!.map(Number);
  const year = y + period.years;
  // The day before the same date `years` on; 28 February when that date would be 29 February of a common year.
  const daysInMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return d > daysInMonth ? isoDay(Date.UTC(year, m - 1, daysInMonth)) : isoDay(Date.UTC(year, m - 1, d) - DAY_MS);
}

/**
 * The last day of validity of a document valid from `firstDay` for `period`: the end of the period, or the
 * passport's expiry date (its last day) when that comes first.
 */
export function lastDayOfValidity(firstDay: string, period: ValidityPeriod, passportExpiry?: unknown): string {
  const end = periodEnd(firstDay, period);
  const expiry = typeof passportExpiry === 'string' && DAY.test(passportExpiry) ? passportExpiry : undefined;
  return expiry !== undefined && expiry < end ? expiry : end;
}

/** Whether a document whose last day is `lastDay` is still valid at `now` (until its day ends in South Africa). */
export const stillValid = (lastDay: string, now: Date): boolean => departmentDay(now) <= lastDay;

/** The last second of a last day of validity, as a moment (23:59:59 in South Africa, 21:59:59 UTC). */
export function endOfValidity(lastDay: string): Date {
  const nextMidnightAsUtc = dayMs(lastDay) + DAY_MS;
  // The zone's offset at that midnight: its wall clock there, read as if it were UTC, less the moment itself.
  const wall = zoneParts(new Date(nextMidnightAsUtc));
  const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - nextMidnightAsUtc;
  return new Date(nextMidnightAsUtc - offset - 1000);
}

/** The first moment of a first day of validity, as a moment (midnight in South Africa, 22:00 UTC the day before). */
export const startOfValidity = (firstDay: string): Date =>
  new Date(endOfValidity(isoDay(dayMs(firstDay) - DAY_MS)).getTime() + 1000);
