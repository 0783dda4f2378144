import type { Kysely } from 'kysely';
import { ELIGIBILITY_CODES } from '../../shared/contract';
import { stillValid } from '../../shared/validity';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { loadApplicationsConfig } from './config';
import { applicationsRepository } from './repository';

export interface PassportFacts {
  passportCountry: string;
  /** Upper-cased. */
  passportNumber: string;
}

/** The form in which passport numbers are stored and compared. */
export function normalisePassportNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** How far the passport being checked is known to be in the applicant's hands. */
export interface EligibilityContext {
  /**
   * The check runs as a photo of this passport's page arrives (the capture flow's check): whatever another account
   * holds about the passport may be said now, to whoever holds the passport.
   */
  passportInHand?: boolean;
}

/**
 * Checks whether a passport may be used on an application, in this order: its country is on the eligible list; it
 * is not already on this application; it holds no approved ETA or visa still valid at `now` (validity.ts: until
 * its last day ends in the department's time zone); it is on no other open application (IN_PROGRESS or
 * SUBMITTED). Throws a 409 with the code and a translated explanation; `exceptApplicantId` is the applicant being
 * edited.
 *
 * What another account holds about a passport is never given away, nor held against anyone, because a number was
 * typed: the account's own applications count at once; another account's open application counts only once the
 * application or its applicant is submitted, or its applicant's accepted passport photo shows this passport (its
 * machine-readable zone read with every check digit holding, saying this number and issuing country: whoever first
 * shows the passport itself keeps it; a photo of some other passport holds nothing); another account's approved ETA or visa is said only when `context.passportInHand` (the photo
 * of the passport page has just been taken), as a blocking outcome of the capture. Typed numbers are also counted
 * per account and client address before they reach this check (passport-checks.ts).
 */
export async function checkEligibility(
  db: Kysely<Database>,
  eligibleCountries: ReadonlySet<string>,
  passport: PassportFacts,
  applicationId: string,
  exceptApplicantId: string | undefined,
  now: Date,
  context: EligibilityContext = {},
): Promise<void> {
  if (!eligibleCountries.has(passport.passportCountry)) {
    throw new ApiError(409, ELIGIBILITY_CODES.countryNotWhitelisted, 'applications:api.passportCountryNotWhitelisted');
  }
  const repository = applicationsRepository(db);
  const holders = await repository.passportHolders(passport.passportCountry, passport.passportNumber);
  const others = holders.filter((h) => h.applicantId !== exceptApplicantId);
  if (others.some((h) => h.applicationId === applicationId)) {
    throw new ApiError(
      409,
      ELIGIBILITY_CODES.passportAlreadyInApplication,
      'applications:api.passportAlreadyInApplication',
    );
  }
  if (others.length === 0) return;
  const owner = await repository.ownerOf(applicationId);
  const ours = (h: (typeof others)[number]) => h.profileId === owner;
  const active = others.some(
    (h) =>
      h.applicantStatus === 'APPROVED' &&
      h.validUntil !== null &&
      stillValid(h.validUntil, now) &&
      (ours(h) || context.passportInHand === true),
  );
  if (active) throw new ApiError(409, ELIGIBILITY_CODES.activeEtaVisaExists, 'applications:api.activeEtaVisaExists');
  const open = others.some(
    (h) =>
      (h.applicationStatus === 'IN_PROGRESS' || h.applicationStatus === 'SUBMITTED') &&
      (h.applicantStatus === 'NOT_SUBMITTED' || h.applicantStatus === 'SUBMITTED') &&
      (ours(h) || h.passportShown || h.applicationStatus === 'SUBMITTED' || h.applicantStatus === 'SUBMITTED'),
  );
  if (open) throw new ApiError(409, ELIGIBILITY_CODES.openApplicationExists, 'applications:api.openApplicationExists');
}

export type EligibilityCode = (typeof ELIGIBILITY_CODES)[keyof typeof ELIGIBILITY_CODES];
const CODES: readonly string[] = Object.values(ELIGIBILITY_CODES);

/**
 * Checks an applicant's passport again with the same rule, for when the photo of its page arrives: the list of
 * eligible countries or another application may have changed since the applicant was added, and with the passport
 * in hand another account's approved ETA or visa is said too. The passport is in hand when the photo's
 * machine-readable zone shows it (`shown`; when no reading was made, the photo is taken to be of it). Answers the
 * code of the rule it fails, or undefined. The eligible countries are read from the configuration once, when this
 * is created.
 */
export function createPassportRecheck(eligibleCountries = loadApplicationsConfig().eligiblePassportCountries) {
  return async (
    db: Kysely<Database>,
    applicantId: string,
    now: Date,
    shown: (passport: PassportFacts) => boolean = () => true,
  ): Promise<EligibilityCode | undefined> => {
    const applicant = await applicationsRepository(db).applicantById(applicantId);
    const passport = { passportCountry: applicant.passport_country, passportNumber: applicant.passport_number };
    try {
      await checkEligibility(db, eligibleCountries, passport, applicant.application_id, applicantId, now, {
        passportInHand: shown(passport),
      });
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && CODES.includes(error.code)) return error.code as EligibilityCode;
      throw error;
    }
  };
}
