import type { Kysely } from 'kysely';
import { ELIGIBILITY_CODES } from '../../shared/contract';
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

/**
 * Checks at once whether a passport may be used on an application, in this order: its country is on the
 * eligible list; it is not already on this application; it holds no approved, unexpired ETA or visa; it is on no
 * other open application (IN_PROGRESS or SUBMITTED, whoever's). Throws a 409 with the code and a translated
 * explanation; `exceptApplicantId` is the applicant being edited.
 */
export async function checkEligibility(
  db: Kysely<Database>,
  eligibleCountries: ReadonlySet<string>,
  passport: PassportFacts,
  applicationId: string,
  exceptApplicantId: string | undefined,
  now: Date,
): Promise<void> {
  if (!eligibleCountries.has(passport.passportCountry)) {
    throw new ApiError(409, ELIGIBILITY_CODES.countryNotWhitelisted, 'applications:api.passportCountryNotWhitelisted');
  }
  const holders = await applicationsRepository(db).passportHolders(passport.passportCountry, passport.passportNumber);
  const others = holders.filter((h) => h.applicantId !== exceptApplicantId);
  if (others.some((h) => h.applicationId === applicationId)) {
    throw new ApiError(
      409,
      ELIGIBILITY_CODES.passportAlreadyInApplication,
      'applications:api.passportAlreadyInApplication',
    );
  }
  const today = now.toISOString().slice(0, 10);
  if (others.some((h) => h.applicantStatus === 'APPROVED' && h.validUntil !== null && h.validUntil >= today)) {
    throw new ApiError(409, ELIGIBILITY_CODES.activeEtaVisaExists, 'applications:api.activeEtaVisaExists');
  }
  const open = others.some(
    (h) =>
      (h.applicationStatus === 'IN_PROGRESS' || h.applicationStatus === 'SUBMITTED') &&
      (h.applicantStatus === 'NOT_SUBMITTED' || h.applicantStatus === 'SUBMITTED'),
  );
  if (open) throw new ApiError(409, ELIGIBILITY_CODES.openApplicationExists, 'applications:api.openApplicationExists');
}

export type EligibilityCode = (typeof ELIGIBILITY_CODES)[keyof typeof ELIGIBILITY_CODES];
const CODES: readonly string[] = Object.values(ELIGIBILITY_CODES);

/**
 * Checks an applicant's passport again with the same rule, for when its photo arrives: the list of eligible
 * countries or another application may have changed since the applicant was added. Answers the code of the rule
 * it fails, or undefined. The eligible countries are read from the configuration once, when this is created.
 */
export function createPassportRecheck(eligibleCountries = loadApplicationsConfig().eligiblePassportCountries) {
  return async (db: Kysely<Database>, applicantId: string, now: Date): Promise<EligibilityCode | undefined> => {
    const applicant = await applicationsRepository(db).applicantById(applicantId);
    try {
      await checkEligibility(
        db,
        eligibleCountries,
        { passportCountry: applicant.passport_country, passportNumber: applicant.passport_number },
        applicant.application_id,
        applicantId,
        now,
      );
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && CODES.includes(error.code)) return error.code as EligibilityCode;
      throw error;
    }
  };
}
