import type { Applicant, Application } from '../../shared/contract';
import { stepStates } from '../lifecycle/public';
import type { ApplicantsTable, ApplicationsTable } from './tables';

/** An applicant row as the API answers it. */
export function applicantView(row: ApplicantsTable): Applicant {
  return {
    applicantIdentifier: row.id,
    isAccountHolder: row.is_account_holder === 1,
    relationship: row.relationship,
    givenNames: row.given_names,
    familyName: row.family_name,
    dateOfBirth: row.date_of_birth,
    nationality: row.nationality,
    passportIssuingCountry: row.passport_country,
    passportNumber: row.passport_number,
    status: row.status,
    step: row.current_step,
    steps: stepStates(row.current_step),
  };
}

/** An application row with its applicants' rows as the API answers it. */
export function applicationView(row: ApplicationsTable, applicants: ApplicantsTable[]): Application {
  return {
    applicationIdentifier: row.id,
    applicationType: row.application_type,
    applyingFor: row.applying_for,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    applicants: applicants.map(applicantView),
  };
}
