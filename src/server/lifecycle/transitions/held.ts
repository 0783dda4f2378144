import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { assertApplicantEditable, assertEditable } from '../guards';
import { lifecycleRepository } from '../repository';
import type { ApplicantRow, ApplicationRow } from '../tables';

// What every transition stands on: the transaction it runs in, and the application's row it takes first, so that
// changes of one application wait for each other in one order.

export type Executor = Kysely<Database>;

/** A change refused: the data is left as it was. */
export type Refused<Reason extends string> = { ok: false; reason: Reason };

/** Runs `work` in the caller's transaction, or in a transaction of its own. */
export function inTransaction<T>(executor: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor) : executor.transaction().execute(work);
}

const HELD: unique symbol = Symbol('held application');

/**
 * An application whose row the transaction has taken (holdApplication): every change of the application waits
 * for the transaction, so what it reads of the application and its applicants after taking the row stays true
 * until it ends. The transitions given one do not take the row again.
 */
export interface HeldApplication {
  readonly trx: Executor;
  /** The application's row as taken. */
  readonly row: ApplicationRow;
  readonly [HELD]: true;
}

/**
 * Takes an application's row for the rest of the transaction `trx`, as every change of an application does first:
 * only one of `profileId`'s applications when it is given, with its `updated_at` set to `changedAt` when that is
 * given. Undefined when there is no such application.
 */
export async function holdApplication(
  trx: Executor,
  applicationId: string,
  options: { profileId?: string; changedAt?: Date } = {},
): Promise<HeldApplication | undefined> {
  if (!trx.isTransaction) throw new Error('an application is held only inside a transaction');
  const row = await lifecycleRepository(trx).lockApplication(applicationId, options);
  return row && { trx, row, [HELD]: true };
}

/**
 * Checks, by the area that owns a step, that an applicant's work for it is still complete (the supporting
 * documents asked for can change with the answers and facts they depend on).
 */
export type StepCheck = (executor: Executor, application: ApplicationRow, applicant: ApplicantRow) => Promise<boolean>;

/**
 * The applicant and their application, which must both still be open to changes (else 409, as assertEditable).
 * The application's row is taken first, as every change of the application takes it, so that changes of one
 * application wait for each other in one order.
 */
export async function editableApplicant(trx: Executor, applicantId: string, lang: string): Promise<ApplicantRow> {
  return (await heldApplicant(trx, applicantId, lang)).applicant;
}

/** As editableApplicant, with the application it holds. */
export async function heldApplicant(
  trx: Executor,
  applicantId: string,
  lang: string,
): Promise<{ held: HeldApplication; applicant: ApplicantRow }> {
  const repository = lifecycleRepository(trx);
  // The application's row is taken before the applicant is read, so that what is read stays true.
  const application = await repository.lockApplicationOf(applicantId);
  if (!application) throw new Error(`No applicant ${applicantId}`);
  const applicant = await repository.applicant(applicantId);
  if (!applicant) throw new Error(`No applicant ${applicantId}`);
  const held: HeldApplication = { trx, row: application, [HELD]: true };
  assertHeldEditable(held, applicant, lang);
  return { held, applicant };
}

/** The guard of every change of a held application's applicant: both open to changes, the one of the other. */
export function assertHeldEditable(held: HeldApplication, applicant: ApplicantRow, lang: string): void {
  if (applicant.application_id !== held.row.id)
    throw new Error(`applicant ${applicant.id} is not of application ${held.row.id}`);
  assertEditable(held.row, lang);
  assertApplicantEditable(applicant);
}
