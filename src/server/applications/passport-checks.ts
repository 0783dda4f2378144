import type { Kysely } from 'kysely';
import type { ApplicantFacts } from '../../shared/contract';
import { ipBucket, mostRestrictive, recordEvent, throttleState, tooMany } from '../accounts/public';
import type { Database } from '../db/schema';
import { normalisePassportNumber } from './eligibility';
import { applicationsRepository } from './repository';

const HOUR_SECONDS = 60 * 60;

/** How many passports an account, and a client address, may have checked for eligibility per hour. */
export interface PassportCheckLimits {
  perAccount: number;
  perClient: number;
}

/** Who asks: the signed-in account and the client address. */
export interface PassportChecker {
  profileId: string;
  ip: string;
}

const accountBucket = (profileId: string) => `passport-check:account:${profileId}`;

/**
 * Counts the passports typed in for an eligibility check (an applicant added, or given another passport), per
 * account and per client address, in the database like the sign-in throttle (so every instance counts alike), and
 * answers 429 with Retry-After once either is used up for the hour. Each check says something about a passport
 * other accounts may hold, so nobody tries numbers without bound; an edit that keeps the applicant's passport is
 * not counted. Runs before the change's own transaction, so a refused check is counted too.
 */
export function createPassportCheckThrottle(db: Kysely<Database>, limits: PassportCheckLimits) {
  const perAccount = { limit: limits.perAccount, windowSeconds: HOUR_SECONDS };
  const perClient = { limit: limits.perClient, windowSeconds: HOUR_SECONDS };

  /** True when the body gives the applicant (of one of the caller's applications) the passport it already has. */
  const keepsPassport = async (checker: PassportChecker, applicantId: string, body: ApplicantFacts) => {
    const stored = await applicationsRepository(db).ownApplicantPassport(checker.profileId, applicantId);
    return (
      stored !== undefined &&
      stored.passport_country === body.passportIssuingCountry &&
      stored.passport_number === normalisePassportNumber(body.passportNumber)
    );
  };

  return {
    /** Counts one passport check for an applicant to be added (no `applicantId`) or changed, or answers 429. */
    async count(checker: PassportChecker, body: ApplicantFacts, applicantId?: string): Promise<void> {
      if (applicantId !== undefined && (await keepsPassport(checker, applicantId, body))) return;
      const now = new Date();
      const account = accountBucket(checker.profileId);
      const client = ipBucket('passport-check', checker.ip);
      const state = mostRestrictive([
        await throttleState(db, account, perAccount, now),
        await throttleState(db, client, perClient, now),
      ]);
      if (state.limited) throw tooMany(state, 'passport-check');
      await recordEvent(db, account, perAccount, now);
      await recordEvent(db, client, perClient, now);
    },
  };
}
