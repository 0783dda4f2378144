import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** Stable codes of the eligibility check (spec section 4's blocking outcomes). */
export const ELIGIBILITY_CODES = {
  countryNotWhitelisted: 'PASSPORT_COUNTRY_NOT_WHITELISTED',
  openApplicationExists: 'OPEN_APPLICATION_EXISTS',
  activeEtaVisaExists: 'ACTIVE_ETA_VISA_EXISTS',
  passportAlreadyInApplication: 'PASSPORT_ALREADY_IN_APPLICATION',
} as const;

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
  const holders = await db
    .selectFrom('applicants')
    .innerJoin('applications', 'applications.id', 'applicants.application_id')
    .select([
      'applicants.id as applicantId',
      'applicants.status as applicantStatus',
      'applicants.valid_until as validUntil',
      'applications.id as applicationId',
      'applications.status as applicationStatus',
    ])
    .where('applicants.passport_country', '=', passport.passportCountry)
    .where('applicants.passport_number', '=', passport.passportNumber)
    .execute();
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
