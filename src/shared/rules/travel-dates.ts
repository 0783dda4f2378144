import type { RuleConfig, RuleProblem, SchemaRule } from './types';

/**
 * Date rules of the application flow (trip dates, passport validity, dates in the past), shared by the form in
 * the browser and the API. Dates are ISO "YYYY-MM-DD" strings compared as calendar days in UTC, so the browser
 * and the server judge the same answers the same way. A rule only judges dates that are present and real:
 * a missing or malformed date is the schema's own message.
 */

export const TRAVEL_DATE_KEYS = {
  arrivalNotInFuture: 'applications:validation.arrivalNotInFuture',
  departureBeforeArrival: 'applications:validation.departureBeforeArrival',
  stayTooLong: 'applications:validation.stayTooLong',
  passportExpired: 'applications:validation.passportExpired',
  passportTooShort: 'applications:validation.passportTooShort',
  issueInFuture: 'applications:validation.issueInFuture',
  expiryBeforeIssue: 'applications:validation.expiryBeforeIssue',
  notInPast: 'applications:validation.dateNotInPast',
} as const;

export const DEFAULT_MAX_STAY_DAYS = 90;
export const DEFAULT_PASSPORT_DAYS_AFTER_DEPARTURE = 30;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a real ISO calendar date, else undefined ("2031-02-30" is not a date). */
export function dayNumber(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = Date.UTC(year, month - 1, day);
  const d = new Date(time);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return Math.round(time / DAY_MS);
}

/** Today's day number (UTC calendar day). */
export function today(now: Date = new Date()): number {
  return Math.floor(now.getTime() / DAY_MS);
}

const text = (config: RuleConfig, option: string, fallback: string) =>
  typeof config[option] === 'string' ? (config[option] as string) : fallback;

const count = (config: RuleConfig, option: string, fallback: number) =>
  typeof config[option] === 'number' && Number.isFinite(config[option]) ? (config[option] as number) : fallback;

/**
 * Trip dates: arrival after today; departure on or after arrival (a visit of a few hours arrives and leaves on
 * the same day); a stay of at most `maxStayDays` (default 90) days. Options: `arrival`, `departure` (field names).
 */
export const tripDatesRule: SchemaRule = {
  requiredOptions: ['arrival', 'departure'],
  check(value, config) {
    const arrivalField = text(config, 'arrival', 'arrivalDate');
    const departureField = text(config, 'departure', 'departureDate');
    const arrival = dayNumber(value[arrivalField]);
    const departure = dayNumber(value[departureField]);
    const problems: RuleProblem[] = [];
    if (arrival !== undefined && arrival <= today())
      problems.push({ field: arrivalField, key: TRAVEL_DATE_KEYS.arrivalNotInFuture });
    if (arrival !== undefined && departure !== undefined) {
      if (departure < arrival) problems.push({ field: departureField, key: TRAVEL_DATE_KEYS.departureBeforeArrival });
      else if (departure - arrival > count(config, 'maxStayDays', DEFAULT_MAX_STAY_DAYS)) {
        problems.push({ field: departureField, key: TRAVEL_DATE_KEYS.stayTooLong });
      }
    }
    return problems;
  },
  messageKeys: () => [
    TRAVEL_DATE_KEYS.arrivalNotInFuture,
    TRAVEL_DATE_KEYS.departureBeforeArrival,
    TRAVEL_DATE_KEYS.stayTooLong,
  ],
};

/**
 * Passport validity: issued on or before today and before it expires; not expired; valid at least
 * `minDaysAfterDeparture` (default 30) days after the departure date. The last problem is reported on the
 * departure date, the later question of the form, where the traveller learns it. Options: `expiry`, `departure`,
 * optional `issue`.
 */
export const passportValidityRule: SchemaRule = {
  requiredOptions: ['expiry', 'departure'],
  check(value, config) {
    const expiryField = text(config, 'expiry', 'passportExpiryDate');
    const departureField = text(config, 'departure', 'departureDate');
    const issueField = typeof config.issue === 'string' ? config.issue : undefined;
    const expiry = dayNumber(value[expiryField]);
    const departure = dayNumber(value[departureField]);
    const issue = issueField ? dayNumber(value[issueField]) : undefined;
    const now = today();
    const problems: RuleProblem[] = [];
    if (issueField && issue !== undefined && issue > now)
      problems.push({ field: issueField, key: TRAVEL_DATE_KEYS.issueInFuture });
    if (expiry !== undefined) {
      if (issue !== undefined && expiry <= issue)
        problems.push({ field: expiryField, key: TRAVEL_DATE_KEYS.expiryBeforeIssue });
      else if (expiry <= now) problems.push({ field: expiryField, key: TRAVEL_DATE_KEYS.passportExpired });
      else if (
        departure !== undefined &&
        expiry < departure + count(config, 'minDaysAfterDeparture', DEFAULT_PASSPORT_DAYS_AFTER_DEPARTURE)
      ) {
        problems.push({ field: departureField, key: TRAVEL_DATE_KEYS.passportTooShort });
      }
    }
    return problems;
  },
  messageKeys: () => [
    TRAVEL_DATE_KEYS.issueInFuture,
    TRAVEL_DATE_KEYS.expiryBeforeIssue,
    TRAVEL_DATE_KEYS.passportExpired,
    TRAVEL_DATE_KEYS.passportTooShort,
  ],
};

/** Dates that must lie before today (date of birth, an earlier visit). Option: `fields` (names), `message`. */
export const pastDateRule: SchemaRule = {
  requiredOptions: ['fields'],
  check(value, config) {
    const fields = Array.isArray(config.fields) ? config.fields.filter((f): f is string => typeof f === 'string') : [];
    const now = today();
    return fields
      .filter((field) => {
        const day = dayNumber(value[field]);
        return day !== undefined && day >= now;
      })
      .map((field) => ({ field, key: config.message ?? TRAVEL_DATE_KEYS.notInPast }));
  },
  messageKeys: (config) => [config.message ?? TRAVEL_DATE_KEYS.notInPast],
};
