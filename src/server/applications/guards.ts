import { APPLICATION_ERRORS, isUuid, type ApplicantFacts } from '../../shared/contract';
import { ApiError } from '../errors';
import { normalisePassportNumber } from './eligibility';
import type { ApplicantsTable, ApplicationsTable } from './tables';

/** The application flow's guards that need no database: who may change what, and the refusals. */

// Whether an application or applicant may change at all is the state machine's guard.
export { assertApplicantEditable, assertDeletable, assertEditable } from '../lifecycle/public';

export const applicationNotFound = () =>
  new ApiError(404, APPLICATION_ERRORS.applicationNotFound, 'applications:api.applicationNotFound');
export const applicantNotFound = () =>
  new ApiError(404, APPLICATION_ERRORS.applicantNotFound, 'applications:api.applicantNotFound');

/** An identifier that cannot name a row answers as unknown, without asking the database. */
export const maybeId = (guid: string): string | undefined => (isUuid(guid) ? guid : undefined);

/** An application for oneself takes one applicant; others take up to the configured limit. */
export function assertRoomForApplicant(application: ApplicationsTable, existing: number, maxApplicants: number): void {
  const limit = application.applying_for === 'SELF' ? 1 : maxApplicants;
  if (existing >= limit) {
    throw new ApiError(409, APPLICATION_ERRORS.applicantLimitReached, 'applications:api.applicantLimitReached', {
      vars: { count: limit },
    });
  }
}

/**
 * The account holder is the applicant of an application for oneself, is never one on an application for others
 * only, and is on an application at most once.
 */
export function assertAccountHolderRule(
  application: ApplicationsTable,
  others: ApplicantsTable[],
  isAccountHolder: boolean,
): void {
  if (isAccountHolder && application.applying_for === 'OTHERS') {
    throw new ApiError(409, APPLICATION_ERRORS.accountHolderNotAllowed, 'applications:api.accountHolderNotAllowed');
  }
  if (!isAccountHolder && application.applying_for === 'SELF') {
    throw new ApiError(409, APPLICATION_ERRORS.accountHolderRequired, 'applications:api.accountHolderRequired');
  }
  if (isAccountHolder && others.some((a) => a.is_account_holder === 1)) {
    throw new ApiError(409, APPLICATION_ERRORS.accountHolderAlreadyAdded, 'applications:api.accountHolderAlreadyAdded');
  }
}

/** The applicant row's facts from the answers of the applicant form that apply (`visible`). */
export function applicantFactsRow(visible: ApplicantFacts) {
  return {
    is_account_holder: visible.isAccountHolder ? 1 : 0,
    relationship: visible.isAccountHolder ? null : (visible.relationship ?? null),
    given_names: visible.givenNames.trim(),
    family_name: visible.familyName.trim(),
    date_of_birth: visible.dateOfBirth,
    nationality: visible.nationality,
    passport_country: visible.passportIssuingCountry,
    passport_number: normalisePassportNumber(visible.passportNumber),
  };
}

/** The application form's answers that mirror the applicant's eligibility facts. */
export function factAnswers(applicant: ApplicantsTable): Record<string, unknown> {
  return {
    givenNames: applicant.given_names,
    familyName: applicant.family_name,
    dateOfBirth: applicant.date_of_birth,
    nationality: applicant.nationality,
    passportIssuingCountry: applicant.passport_country,
    passportNumber: applicant.passport_number,
  };
}
