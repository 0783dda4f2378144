/**
 * Tables of the application flow, added to the shared `Database` interface. Portable types only:
 * timestamps ISO-8601 UTC text, booleans integer 0/1, JSON text, ids text UUIDs.
 */

import type { ApplicantStatus, ApplicationStatus, ApplicationType, ApplyingFor } from '../../shared/contract';

/** One application of a profile: its type and who it is for. */
export interface ApplicationsTable {
  id: string;
  profile_id: string;
  application_type: ApplicationType;
  applying_for: ApplyingFor;
  status: ApplicationStatus;
  created_at: string;
  updated_at: string;
}

/** One traveller on an application, with the eligibility facts asked before capture and the step reached. */
export interface ApplicantsTable {
  id: string;
  application_id: string;
  /** Order in which applicants were added (0, 1, ...). */
  position: number;
  is_account_holder: number;
  relationship: string | null;
  given_names: string;
  family_name: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  /** ISO 3166-1 alpha-2 */
  nationality: string;
  /** ISO 3166-1 alpha-2 */
  passport_country: string;
  /** Upper-cased as it is compared. */
  passport_number: string;
  status: ApplicantStatus;
  /** The furthest step reached; the steps before it are complete (see steps.ts). */
  current_step: string;
  /** Last day (YYYY-MM-DD) an APPROVED travel authorisation is valid; set by the decision. */
  valid_until: string | null;
  created_at: string;
  updated_at: string;
}

/** The answers of one applicant to one form of the flow (application-form, declarations), as JSON. */
export interface ApplicantAnswersTable {
  applicant_id: string;
  form_id: string;
  answers: string;
  /** The last page saved, so that the form can be resumed there. */
  last_page: string | null;
  /** 1 once the whole form has been saved valid and complete. */
  complete: number;
  updated_at: string;
}

declare module '../db/schema' {
  interface Database {
    applications: ApplicationsTable;
    applicants: ApplicantsTable;
    applicant_answers: ApplicantAnswersTable;
  }
}
