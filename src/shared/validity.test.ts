import { describe, expect, it } from 'vitest';
import { departmentDay, endOfValidity, lastDayOfValidity, startOfValidity, stillValid } from './validity';

describe('validity of an approved document', () => {
  it('counts years as calendar years: two years from 10 March end on 9 March, leap days or not', () => {
    expect(lastDayOfValidity('2026-03-10', { years: 2 })).toBe('2028-03-09');
    // 730 days would end a day early across 29 February 2028.
    expect(lastDayOfValidity('2027-03-10', { years: 2 })).toBe('2029-03-09');
    expect(lastDayOfValidity('2026-01-01', { years: 2 })).toBe('2027-12-31');
    // From 29 February the same date two years on does not exist: the period ends on 28 February.
    expect(lastDayOfValidity('2028-02-29', { years: 2 })).toBe('2030-02-28');
    expect(lastDayOfValidity('2028-02-29', { years: 4 })).toBe('2032-02-28');
    expect(lastDayOfValidity('2028-03-01', { years: 2 })).toBe('2030-02-28');
  });

  it('counts days from the first day', () => {
    expect(lastDayOfValidity('2026-03-10', { days: 90 })).toBe('2026-06-07');
    expect(lastDayOfValidity('2026-03-10', { days: 1 })).toBe('2026-03-10');
  });

  it('ends with the passport when the passport expires first', () => {
    expect(lastDayOfValidity('2026-03-10', { years: 2 }, '2027-05-31')).toBe('2027-05-31');
    expect(lastDayOfValidity('2026-03-10', { days: 90 }, '2026-04-01')).toBe('2026-04-01');
    expect(lastDayOfValidity('2026-03-10', { years: 2 }, '2034-06-02')).toBe('2028-03-09');
    expect(lastDayOfValidity('2026-03-10', { years: 2 }, '2028-03-09')).toBe('2028-03-09');
    // No date, or not a date: the period alone.
    expect(lastDayOfValidity('2026-03-10', { years: 2 }, undefined)).toBe('2028-03-09');
    expect(lastDayOfValidity('2026-03-10', { years: 2 }, 'soon')).toBe('2028-03-09');
  });

  it('reads days in South Africa (UTC+2), not UTC', () => {
    expect(departmentDay(new Date('2026-03-09T21:59:59Z'))).toBe('2026-03-09');
    expect(departmentDay(new Date('2026-03-09T22:00:00Z'))).toBe('2026-03-10');
    expect(departmentDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('is valid until the end of its last day in South Africa', () => {
    expect(stillValid('2028-03-09', new Date('2028-03-09T21:59:59Z'))).toBe(true);
    // 22:00 UTC is already midnight in Johannesburg: the next day, no longer valid, though still the 9th in UTC.
    expect(stillValid('2028-03-09', new Date('2028-03-09T22:00:00Z'))).toBe(false);
    expect(stillValid('2028-03-09', new Date('2028-03-08T23:00:00Z'))).toBe(true);
    expect(endOfValidity('2028-03-09').toISOString()).toBe('2028-03-09T21:59:59.000Z');
    expect(endOfValidity('2027-12-31').toISOString()).toBe('2027-12-31T21:59:59.000Z');
    expect(startOfValidity('2026-03-10').toISOString()).toBe('2026-03-09T22:00:00.000Z');
  });
});
