import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELIGIBILITY_CODES } from '../../shared/contract';
import { insertTestProfile } from '../accounts/testing/profiles';
import { ApiError } from '../errors';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { checkEligibility } from './eligibility';
import { insertApplicationRows } from './testing/rows';

/**
 * An approved ETA keeps a passport from a new application until its last day ends in the department's time zone
 * (UTC+2), the moment the expiry sweep marks it EXPIRED: the two agree at every hour of the day.
 */
describe.each(databases())('an approved ETA’s last day, on %s', (kind) => {
  let testDb: TestDb;
  let newApplication: string;
  const countries = new Set(['FR']);
  const passport = { passportCountry: 'FR', passportNumber: 'LASTDAY01' };
  beforeAll(async () => {
    testDb = await createTestDb(kind);
    const profileId = await insertTestProfile(testDb.db);
    await insertApplicationRows(testDb.db, profileId, {
      application: { status: 'COMPLETE' },
      applicant: { status: 'APPROVED', valid_until: '2026-11-28', passport_number: passport.passportNumber },
    });
    ({ applicationId: newApplication } = await insertApplicationRows(testDb.db, profileId, {
      applicant: { passport_number: 'SOMEOTHER1' },
    }));
  });
  afterAll(() => testDb?.close());

  /** The code the check answers for the passport at `now`, or undefined when it may be used. */
  const codeAt = async (now: string) => {
    try {
      await checkEligibility(testDb.db, countries, passport, newApplication, undefined, new Date(now));
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return error.code;
      throw error;
    }
  };

  it('still holds the passport late on its last day in UTC+2, and from its end no longer', async () => {
    expect(await codeAt('2026-11-27T23:30:00.000Z')).toBe(ELIGIBILITY_CODES.activeEtaVisaExists);
    expect(await codeAt('2026-11-28T21:59:59.000Z')).toBe(ELIGIBILITY_CODES.activeEtaVisaExists);
    // 22:30 UTC on the 28th is 00:30 on the 29th in South Africa: the ETA has ended, though UTC is still on its day.
    expect(await codeAt('2026-11-28T22:30:00.000Z')).toBeUndefined();
  });
});
