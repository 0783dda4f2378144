import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { holdApplication, type HeldApplication } from '../lifecycle/public';
import { applicationsRepository } from './repository';
import { applicantNotFound, applicationNotFound, maybeId } from './guards';
import type { ApplicantsTable, ApplicationsTable } from './tables';

/** How every call reaches an application: only the caller's own, anything else is 404. */

/** The caller's application `guid`, or 404 APPLICATION_NOT_FOUND. */
export async function ownApplication(
  executor: Kysely<Database>,
  profileId: string,
  guid: string,
): Promise<ApplicationsTable> {
  const id = maybeId(guid);
  const row = id ? await applicationsRepository(executor).findApplication(profileId, id) : undefined;
  if (!row) throw applicationNotFound();
  return row;
}

/** The applicant `guid` of an application, or 404 APPLICANT_NOT_FOUND. */
export async function applicantOf(
  executor: Kysely<Database>,
  applicationId: string,
  guid: string,
): Promise<ApplicantsTable> {
  const id = maybeId(guid);
  const row = id ? await applicationsRepository(executor).findApplicant(applicationId, id) : undefined;
  if (!row) throw applicantNotFound();
  return row;
}

/**
 * Runs `work` in a transaction that first takes the caller's application row, marked changed now (the state
 * machine's hold): concurrent changes to one application (two applicants added at once against the limit) wait for
 * each other on PostgreSQL, and SQLite runs one transaction at a time anyway. `held` lets the transitions called in
 * `work` use the row taken.
 */
export function withApplication<T>(
  db: Kysely<Database>,
  profileId: string,
  guid: string,
  work: (trx: Kysely<Database>, application: ApplicationsTable, held: HeldApplication) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const id = maybeId(guid);
    const held = id ? await holdApplication(trx, id, { profileId, changedAt: new Date() }) : undefined;
    if (!held) throw applicationNotFound();
    return work(trx, held.row, held);
  });
}
