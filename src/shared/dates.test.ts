import { afterEach, describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from './dates';

// A page rendered by the server is taken over by a browser that may be anywhere: what the two write for a moment
// must not depend on the machine's time zone, or the browser's first render differs from the page (React's #418).
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati'];
const zoneBefore = process.env.TZ;

afterEach(() => {
  process.env.TZ = zoneBefore;
});

/** What `format` writes with the process in each zone. */
function inEveryZone(format: () => string): string[] {
  return ZONES.map((zone) => {
    process.env.TZ = zone;
    return format();
  });
}

describe('moments written out', () => {
  it('are the same wherever the machine is, in the department’s time zone', () => {
    const moment = '2026-11-24T23:05:00Z';
    for (const language of ['en', 'fr', 'ar', 'zh']) {
      for (const format of [formatTime, formatDate, formatDateTime]) {
        const written = inEveryZone(() => format(moment, language));
        expect(new Set(written).size, `${format.name} in ${language}: ${written.join(' | ')}`).toBe(1);
      }
    }
    // 23:05 UTC is 01:05 the next day in South Africa.
    expect(formatTime(moment, 'en')).toMatch(/^01:05\b/);
    expect(formatDate(moment, 'en')).toBe('25 November 2026');
    // A calendar date stays that day.
    expect(formatDate('2030-02-03', 'en')).toBe('3 February 2030');
    expect(formatCalendarDate('2030-02-03', 'fr')).toBe('3 février 2030');
    // Anything else is written as given.
    expect(formatCalendarDate('not a date', 'en')).toBe('not a date');
    expect(formatDate('2030-02-30T99:00', 'en')).toBe('2030-02-30T99:00');
    expect(formatTime('soon', 'en')).toBe('');
  });
});
