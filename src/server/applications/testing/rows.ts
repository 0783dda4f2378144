import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { firstStep } from '../../lifecycle/public';
import type { ApplicantsTable, ApplicationsTable } from '../tables';

/**
 * An application of `profileId` with one applicant, written straight to the database (no call, no guard), for tests
 * of what reads those rows. Every column has a plain value unless `application` or `applicant` names another.
 */
export async function insertApplicationRows(
  db: Db,
  profileId: string,
  overrides: { at?: string; application?: Partial<ApplicationsTable>; applicant?: Partial<ApplicantsTable> } = {},
): Promise<{ applicationId: string; applicantId: string }> {
  const at = overrides.at ?? new Date().toISOString();
  const application: ApplicationsTable = {
    id: randomUUID(),
    profile_id: profileId,
    application_type: 'ETA',
    applying_for: 'SELF',
    status: 'IN_PROGRESS',
    created_at: at,
    updated_at: at,
    ...overrides.application,
  };
  const applicant: ApplicantsTable = {
    id: randomUUID(),
    application_id: application.id,
    position: 1,
    is_account_holder: 1,
    relationship: null,
    given_names: 'Ana',
    family_name: 'Silva',
    date_of_birth: '1990-01-01',
    nationality: 'FR',
    passport_country: 'FR',
    passport_number: 'P1234567',
    status: 'NOT_SUBMITTED',
    current_step: firstStep(),
    valid_until: null,
    created_at: at,
    updated_at: at,
    ...overrides.applicant,
  };
  await db.insertInto('applications').values(application).execute();
  await db.insertInto('applicants').values(applicant).execute();
  return { applicationId: application.id, applicantId: applicant.id };
}
