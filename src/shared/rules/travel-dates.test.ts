import '@/engine/testing/forms-loaded';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRule, loadRules } from './registry';
import { runRules } from './run-rules';
import { dayNumber, passportValidityRule, pastDateRule, TRAVEL_DATE_KEYS, tripDatesRule } from './travel-dates';

const trip = { rule: 'tripDates', arrival: 'arrivalDate', departure: 'departureDate' };
const passport = {
  rule: 'passportValidity',
  expiry: 'passportExpiryDate',
  departure: 'departureDate',
  issue: 'passportIssueDate',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-10T22:30:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('dayNumber', () => {
  it('reads real ISO dates only', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2028-02-29')).toBe(dayNumber('2028-02-28')! + 1);
    expect(dayNumber('2027-02-29')).toBeUndefined();
    expect(dayNumber('2027-13-01')).toBeUndefined();
    expect(dayNumber('2027-3-1')).toBeUndefined();
    expect(dayNumber(20270301)).toBeUndefined();
  });
});

describe('tripDates', () => {
  it('accepts a future arrival and a stay of up to 90 days, same-day departures included', () => {
    expect(tripDatesRule.check({ arrivalDate: '2027-03-11', departureDate: '2027-06-09' }, trip)).toEqual([]);
    expect(tripDatesRule.check({ arrivalDate: '2027-04-01', departureDate: '2027-04-01' }, trip)).toEqual([]);
  });

  it('refuses an arrival today or in the past, on the arrival date', () => {
    expect(tripDatesRule.check({ arrivalDate: '2027-03-10' }, trip)).toEqual([
      { field: 'arrivalDate', key: TRAVEL_DATE_KEYS.arrivalNotInFuture },
    ]);
    expect(tripDatesRule.check({ arrivalDate: '2026-12-01' }, trip)).toEqual([
      { field: 'arrivalDate', key: TRAVEL_DATE_KEYS.arrivalNotInFuture },
    ]);
  });

  it('refuses a departure before the arrival, or a stay longer than 90 days, on the departure date', () => {
    expect(tripDatesRule.check({ arrivalDate: '2027-04-02', departureDate: '2027-04-01' }, trip)).toEqual([
      { field: 'departureDate', key: TRAVEL_DATE_KEYS.departureBeforeArrival },
    ]);
    expect(tripDatesRule.check({ arrivalDate: '2027-03-11', departureDate: '2027-06-10' }, trip)).toEqual([
      { field: 'departureDate', key: TRAVEL_DATE_KEYS.stayTooLong },
    ]);
    expect(
      tripDatesRule.check({ arrivalDate: '2027-03-11', departureDate: '2027-03-20' }, { ...trip, maxStayDays: 5 }),
    ).toEqual([{ field: 'departureDate', key: TRAVEL_DATE_KEYS.stayTooLong }]);
  });

  it('leaves missing or unreal dates to the schema', () => {
    expect(tripDatesRule.check({}, trip)).toEqual([]);
    expect(tripDatesRule.check({ arrivalDate: '2027-02-30', departureDate: '2026-01-01' }, trip)).toEqual([]);
  });
});

describe('passportValidity', () => {
  const valid = { passportIssueDate: '2020-05-01', passportExpiryDate: '2030-04-30', departureDate: '2027-06-01' };

  it('accepts a passport issued in the past that is valid 30 days after departure', () => {
    expect(passportValidityRule.check(valid, passport)).toEqual([]);
    expect(passportValidityRule.check({ ...valid, passportExpiryDate: '2027-07-01' }, passport)).toEqual([]);
  });

  it('refuses a passport valid less than 30 days after departure, on the departure date', () => {
    expect(passportValidityRule.check({ ...valid, passportExpiryDate: '2027-06-30' }, passport)).toEqual([
      { field: 'departureDate', key: TRAVEL_DATE_KEYS.passportTooShort },
    ]);
  });

  it('refuses an expired passport, an issue date in the future and an expiry before the issue', () => {
    expect(passportValidityRule.check({ passportExpiryDate: '2027-03-10' }, passport)).toEqual([
      { field: 'passportExpiryDate', key: TRAVEL_DATE_KEYS.passportExpired },
    ]);
    expect(
      passportValidityRule.check({ passportIssueDate: '2027-03-11', passportExpiryDate: '2037-03-10' }, passport),
    ).toEqual([{ field: 'passportIssueDate', key: TRAVEL_DATE_KEYS.issueInFuture }]);
    expect(
      passportValidityRule.check({ passportIssueDate: '2020-01-01', passportExpiryDate: '2019-01-01' }, passport),
    ).toEqual([{ field: 'passportExpiryDate', key: TRAVEL_DATE_KEYS.expiryBeforeIssue }]);
  });

  it('judges an expiry without a departure date only against today', () => {
    expect(passportValidityRule.check({ passportExpiryDate: '2027-03-11' }, passport)).toEqual([]);
  });
});

describe('pastDate', () => {
  it('refuses today and later dates for each named field', () => {
    const config = { rule: 'pastDate', fields: ['dateOfBirth', 'previousVisitDate'] };
    expect(pastDateRule.check({ dateOfBirth: '1990-01-01', previousVisitDate: '2027-03-09' }, config)).toEqual([]);
    expect(pastDateRule.check({ dateOfBirth: '2027-03-10', previousVisitDate: '2028-01-01' }, config)).toEqual([
      { field: 'dateOfBirth', key: TRAVEL_DATE_KEYS.notInPast },
      { field: 'previousVisitDate', key: TRAVEL_DATE_KEYS.notInPast },
    ]);
  });
});

describe('registered for schemas', () => {
  it('runs from a schema x-rules list like the other shared rules', async () => {
    await loadRules(['tripDates', 'passportValidity', 'pastDate']);
    expect(getRule('tripDates')).toBe(tripDatesRule);
    const schema = { 'x-rules': [trip, passport, { rule: 'pastDate', fields: ['dateOfBirth'] }] };
    const result = runRules(
      schema,
      {
        arrivalDate: '2027-03-01',
        departureDate: '2027-02-01',
        passportExpiryDate: '2027-02-15',
        dateOfBirth: '2030-01-01',
      },
      () => undefined,
      'x',
    );
    expect(result.problems).toEqual([
      { path: 'arrivalDate', key: TRAVEL_DATE_KEYS.arrivalNotInFuture },
      { path: 'departureDate', key: TRAVEL_DATE_KEYS.departureBeforeArrival },
      { path: 'passportExpiryDate', key: TRAVEL_DATE_KEYS.passportExpired },
      { path: 'dateOfBirth', key: TRAVEL_DATE_KEYS.notInPast },
    ]);
  });
});
