import type { Kysely } from 'kysely';
import type { PaymentFailure } from '../../shared/contract';
import type { Database } from '../db/schema';
import { fingerprints, stepsComplete } from './content';
import { assertApplicantEditable, assertDeletable, assertEditable } from './guards';
import { firstStep, stepIndex, stepNames, stepNotReached, type Step } from './journey';
import { lifecycleRepository } from './repository';
import type { ApplicantRow, ApplicationRow, PaymentApplicantsTable, PaymentRow } from './tables';
import { FALLBACK_LANGUAGE } from '../../shared/languages';

/**
 * The state machine of applications, applicants and payments: every change of a status or a step is one of these
 * named transitions, with its guard, run inside the transaction that changes the data (the caller's, or one of
 * its own when called outside one). The states, and the transitions between them:
 *
 * Application  IN_PROGRESS --submit--> SUBMITTED --decide (last applicant)--> COMPLETE; deleted while IN_PROGRESS.
 *              CANCELLED is a status of the specification that no transition leads to.
 * Applicant    NOT_SUBMITTED (steps in manifest order: completeStep moves one on, reopenStep back) --submit-->
 *              SUBMITTED --decide--> APPROVED --expire--> EXPIRED, or REJECTED; removed while NOT_SUBMITTED.
 *              CANCELLED, likewise, no transition leads to.
 * Payment      PENDING --pay--> PAID (the application submitted with exactly the applicants it was started for),
 *              --fail--> DECLINED | CANCELLED, --supersede--> SUPERSEDED (a newer attempt), --void--> VOIDED (the
 *              application changed). Money the provider took for an attempt that cannot be used (VOIDED,
 *              SUPERSEDED, or a PENDING one whose submission is refused) --refund--> REFUNDED, or HELD for a person
 *              when the provider could not refund it (HELD --refund--> REFUNDED).
 */

type Executor = Kysely<Database>;

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

// ------------------------------------------------------------------ applications

/** A new application, IN_PROGRESS. */
export function openApplication(executor: Executor, row: Omit<ApplicationRow, 'status'>): Promise<ApplicationRow> {
  return inTransaction(executor, async (trx) => {
    const application: ApplicationRow = { ...row, status: 'IN_PROGRESS' };
    await lifecycleRepository(trx).insertApplication(application);
    return application;
  });
}

/**
 * Deletes an application IN_PROGRESS with its applicants (their answers, photos and documents cascade); its live
 * payment is voided first. Answers the voided payments, to be cancelled at the provider once this commits.
 */
export function deleteApplication(executor: Executor, application: ApplicationRow, lang: string): Promise<string[]> {
  return inTransaction(executor, async (trx) => {
    assertDeletable(application, lang);
    const repository = lifecycleRepository(trx);
    await repository.lockApplication(application.id);
    const voided = await repository.voidLive(application.id, new Date());
    await repository.deleteApplication(application.id);
    return voided;
  });
}

// ------------------------------------------------------------------ applicants

/**
 * Anything of an application in progress changed (an applicant added, removed or changed, answers, photos,
 * documents): its live payment was started for something else and is voided, and an applicant past a step whose
 * owner finds it incomplete now goes back to it. Answers the voided payments, to be cancelled at the provider
 * once this commits.
 */
export function applicationChanged(
  executor: Executor,
  applicationId: string,
  checks: ReadonlyMap<Step, StepCheck> = new Map(),
): Promise<string[]> {
  return inTransaction(executor, async (trx) => {
    const held = await holdApplication(trx, applicationId);
    if (!held) return lifecycleRepository(trx).voidLive(applicationId, new Date());
    return (await heldApplicationChanged(held, checks)).voided;
  });
}

/** What `heldApplicationChanged` did: the payments it voided, and the applicants it sent back, with their step. */
export interface ChangeOutcome {
  voided: string[];
  reopened: ReadonlyMap<string, Step>;
}

/** applicationChanged for an application the caller's transaction holds. */
export async function heldApplicationChanged(
  held: HeldApplication,
  checks: ReadonlyMap<Step, StepCheck> = new Map(),
): Promise<ChangeOutcome> {
  const { trx, row: application } = held;
  const repository = lifecycleRepository(trx);
  const now = new Date();
  const voided = await repository.voidLive(application.id, now);
  const reopened = new Map<string, Step>();
  if (checks.size === 0 || application.status !== 'IN_PROGRESS') return { voided, reopened };
  const steps = stepNames();
  for (const applicant of await repository.applicantsOf(application.id)) {
    if (applicant.status !== 'NOT_SUBMITTED') continue;
    const at = stepIndex(applicant.current_step);
    for (const step of steps.slice(0, Math.max(at, 0))) {
      const check = checks.get(step);
      if (check && !(await check(trx, application, applicant))) {
        await repository.moveStep(applicant.id, steps.slice(stepIndex(step) + 1), step, now);
        reopened.set(applicant.id, step);
        break;
      }
    }
  }
  return { voided, reopened };
}

/** A new applicant of an application in progress, NOT_SUBMITTED at the first step; the live payment is voided. */
export function admitApplicant(
  executor: Executor,
  application: ApplicationRow,
  row: Omit<ApplicantRow, 'status' | 'current_step' | 'valid_until'>,
  lang: string,
): Promise<{ applicant: ApplicantRow; voided: string[] }> {
  return inTransaction(executor, async (trx) => {
    assertEditable(application, lang);
    const applicant: ApplicantRow = { ...row, status: 'NOT_SUBMITTED', current_step: firstStep(), valid_until: null };
    await lifecycleRepository(trx).insertApplicant(applicant);
    return { applicant, voided: await applicationChanged(trx, application.id) };
  });
}

/** Removes an applicant not yet submitted (answers, photos and documents cascade); the live payment is voided. */
export function removeApplicant(
  executor: Executor,
  application: ApplicationRow,
  applicant: ApplicantRow,
  lang: string,
): Promise<string[]> {
  return inTransaction(executor, async (trx) => {
    assertEditable(application, lang);
    assertApplicantEditable(applicant);
    const voided = await applicationChanged(trx, application.id);
    await lifecycleRepository(trx).deleteApplicant(applicant.id);
    return voided;
  });
}

/**
 * The applicant and their application, which must both still be open to changes (else 409, as assertEditable).
 * The application's row is taken first, as every change of the application takes it, so that changes of one
 * application wait for each other in one order.
 */
export async function editableApplicant(trx: Executor, applicantId: string, lang: string): Promise<ApplicantRow> {
  return (await heldApplicant(trx, applicantId, lang)).applicant;
}

/** As editableApplicant, with the application it holds. */
async function heldApplicant(
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
function assertHeldEditable(held: HeldApplication, applicant: ApplicantRow, lang: string): void {
  if (applicant.application_id !== held.row.id)
    throw new Error(`applicant ${applicant.id} is not of application ${held.row.id}`);
  assertEditable(held.row, lang);
  assertApplicantEditable(applicant);
}

/**
 * Marks `step` done for an applicant: when it is the applicant's current step, the next step becomes current.
 * Completing a step already passed changes nothing; completing one not reached yet throws STEP_NOT_REACHED. The
 * last step (payment) ends with the submission instead. Guard: the application is in progress and the applicant
 * not submitted. Answers the applicant's current step afterwards.
 */
export function completeStep(
  executor: Executor,
  applicantId: string,
  step: Step,
  lang = FALLBACK_LANGUAGE,
): Promise<Step> {
  return inTransaction(executor, async (trx) => {
    const { held, applicant } = await heldApplicant(trx, applicantId, lang);
    return completeHeldStep(held, applicant, step, lang);
  });
}

/**
 * completeStep for an applicant of a held application, as read in its transaction after the application was taken.
 */
export async function completeHeldStep(
  held: HeldApplication,
  applicant: ApplicantRow,
  step: Step,
  lang = FALLBACK_LANGUAGE,
): Promise<Step> {
  assertHeldEditable(held, applicant, lang);
  const current = applicant.current_step;
  const at = stepIndex(current);
  const done = stepIndex(step);
  if (done > at) throw stepNotReached(lang, current);
  const steps = stepNames();
  if (done < at || done === steps.length - 1) return current;
  const next = steps[done + 1];
  // Moved only from the step completed, so that two concurrent completions advance once.
  await lifecycleRepository(held.trx).moveStep(applicant.id, [step], next, new Date());
  return next;
}

/** Sends an applicant back to `step` when they had gone past it (what completed it is no longer complete). */
export function reopenStep(
  executor: Executor,
  applicantId: string,
  step: Step,
  lang = FALLBACK_LANGUAGE,
): Promise<void> {
  return inTransaction(executor, async (trx) => {
    const { held, applicant } = await heldApplicant(trx, applicantId, lang);
    await reopenHeldStep(held, applicant, step, lang);
  });
}

/**
 * reopenStep for an applicant of a held application, as read in its transaction after the application was taken:
 * answers the applicant's current step afterwards.
 */
export async function reopenHeldStep(
  held: HeldApplication,
  applicant: ApplicantRow,
  step: Step,
  lang = FALLBACK_LANGUAGE,
): Promise<Step> {
  assertHeldEditable(held, applicant, lang);
  const later = stepNames().slice(stepIndex(step) + 1);
  if (!later.includes(applicant.current_step)) return applicant.current_step;
  await lifecycleRepository(held.trx).moveStep(applicant.id, later, step, new Date());
  return step;
}

// ------------------------------------------------------------------ payments

/** Why a payment cannot start. */
export type StartRefusal = 'NOT_OPEN' | 'LIVE_ATTEMPT';

/**
 * Starts a payment attempt, PENDING, for every applicant of the application, each for `fee`: the amount and the
 * applicants (with a fingerprint of what each has given) are fixed now. Guards: the application is in progress,
 * has applicants, each has completed every step, and no other attempt is live.
 */
export function startPayment(
  executor: Executor,
  attempt: Omit<PaymentRow, 'status' | 'failure' | 'amount'>,
  fee: number,
): Promise<{ ok: true; payment: PaymentRow; applicants: PaymentApplicantsTable[] } | Refused<StartRefusal>> {
  return inTransaction(executor, async (trx) => {
    const repository = lifecycleRepository(trx);
    const application = await repository.lockApplication(attempt.application_id);
    if (!application) return { ok: false, reason: 'NOT_OPEN' };
    const applicants = await repository.applicantsOf(attempt.application_id);
    const complete = await stepsComplete(trx, applicants);
    const ready = (a: ApplicantRow) => a.status === 'NOT_SUBMITTED' && complete.get(a.id) === true;
    if (application?.status !== 'IN_PROGRESS' || applicants.length === 0 || !applicants.every(ready))
      return { ok: false, reason: 'NOT_OPEN' };
    const payment: PaymentRow = { ...attempt, amount: fee * applicants.length, status: 'PENDING', failure: null };
    if (!(await repository.insertPayment(payment))) return { ok: false, reason: 'LIVE_ATTEMPT' };
    const prints = await fingerprints(trx, applicants);
    const rows = applicants.map((a, position) => ({
      payment_id: payment.id,
      applicant_id: a.id,
      position,
      fee,
      fingerprint: prints.get(a.id) as string,
    }));
    await repository.insertPaymentApplicants(rows);
    return { ok: true, payment, applicants: rows };
  });
}

/** A live attempt the provider refused or the payer cancelled, or one a newer attempt replaced. */
export function endPayment(
  executor: Executor,
  paymentId: string,
  to: 'DECLINED' | 'CANCELLED' | 'SUPERSEDED',
  failure: PaymentFailure | null,
): Promise<boolean> {
  return inTransaction(executor, (trx) =>
    lifecycleRepository(trx).movePayment(paymentId, ['PENDING'], to, failure, new Date()),
  );
}

/** Why a paid attempt was not turned into a submission. */
export type SubmitRefusal =
  'NOT_LIVE' | 'APPLICATION_NOT_IN_PROGRESS' | 'APPLICANTS_CHANGED' | 'APPLICANT_NOT_COMPLETE' | 'AMOUNT_MISMATCH';

/**
 * Submits the application of an attempt the provider reports paid (`paid`), in the caller's transaction, which
 * also records the submission. Guards, all checked here: the attempt is still PENDING (a voided one never
 * submits); the application is in progress; its applicants are exactly those the attempt was started for, each
 * unchanged since (the same fingerprint), not submitted and with every step complete; and the amount paid is the
 * amount asked, which is the sum of their fees. Then the attempt is PAID, the application and those applicants
 * SUBMITTED. When a guard fails, a still PENDING attempt is VOIDED (its money is to be refunded) and nothing else
 * changes.
 */
export function submitPaid(
  executor: Executor,
  paymentId: string,
  paid: { amount: number; currency: string },
  now: Date,
): Promise<{ ok: true; payment: PaymentRow; applicants: string[] } | Refused<SubmitRefusal>> {
  return inTransaction(executor, async (trx) => {
    const repository = lifecycleRepository(trx);
    const payment = await repository.payment(paymentId);
    if (!payment) return { ok: false, reason: 'NOT_LIVE' };
    const application = await repository.lockApplication(payment.application_id);
    const refuse = async (reason: SubmitRefusal): Promise<Refused<SubmitRefusal>> => {
      await repository.movePayment(payment.id, ['PENDING'], 'VOIDED', null, now);
      return { ok: false, reason };
    };
    const live = await repository.payment(paymentId);
    if (live?.status !== 'PENDING') return { ok: false, reason: 'NOT_LIVE' };
    if (application?.status !== 'IN_PROGRESS') return refuse('APPLICATION_NOT_IN_PROGRESS');
    const snapshot = await repository.paymentApplicants(payment.id);
    const applicants = await repository.applicantsOf(application.id);
    const ids = applicants.map((a) => a.id).sort();
    const fixed = snapshot.map((s) => s.applicant_id).sort();
    if (fixed.length === 0 || ids.length !== fixed.length || ids.some((id, i) => id !== fixed[i]))
      return refuse('APPLICANTS_CHANGED');
    const prints = await fingerprints(trx, applicants);
    if (snapshot.some((s) => prints.get(s.applicant_id) !== s.fingerprint)) return refuse('APPLICANTS_CHANGED');
    const complete = await stepsComplete(trx, applicants);
    if (applicants.some((a) => a.status !== 'NOT_SUBMITTED' || !complete.get(a.id)))
      return refuse('APPLICANT_NOT_COMPLETE');
    const fees = snapshot.reduce((sum, s) => sum + s.fee, 0);
    if (paid.amount !== live.amount || paid.currency !== live.currency || live.amount !== fees)
      return refuse('AMOUNT_MISMATCH');
    if (!(await repository.movePayment(payment.id, ['PENDING'], 'PAID', null, now)))
      return { ok: false, reason: 'NOT_LIVE' };
    if (!(await repository.moveApplication(application.id, 'IN_PROGRESS', 'SUBMITTED', now)))
      throw new Error(`application ${application.id} left IN_PROGRESS while it was held`);
    const moved = await repository.moveApplicants(fixed, 'NOT_SUBMITTED', 'SUBMITTED', now);
    if (moved !== fixed.length) throw new Error(`not every applicant of payment ${payment.id} could be submitted`);
    return { ok: true, payment: { ...live, status: 'PAID' }, applicants: fixed };
  });
}

/**
 * The provider had taken money for an attempt that cannot be used: refunded through the provider (REFUNDED), or,
 * when it could not be, HELD for a person. Only from an attempt that ended without a submission: VOIDED or
 * SUPERSEDED (REFUNDED or HELD), HELD (REFUNDED), or DECLINED because the provider reported another amount than
 * asked (HELD; once refunded it stays DECLINED, which is what the payer sees).
 */
export function settleUnusedMoney(executor: Executor, paymentId: string, to: 'REFUNDED' | 'HELD'): Promise<boolean> {
  return inTransaction(executor, (trx) =>
    lifecycleRepository(trx).movePayment(
      paymentId,
      to === 'REFUNDED' ? ['VOIDED', 'SUPERSEDED', 'HELD'] : ['VOIDED', 'SUPERSEDED', 'DECLINED'],
      to,
      null,
      new Date(),
    ),
  );
}

// ------------------------------------------------------------------ decisions

/**
 * Records the outcome of a SUBMITTED applicant (APPROVED with the last day it is valid, or REJECTED); once no
 * applicant of the application waits, the application is COMPLETE. Guard: the applicant is SUBMITTED. Decisions on
 * applicants of one application wait for each other (the application's row is taken first): two instances deciding
 * its last two applicants at once would otherwise each still see the other waiting, and neither complete it.
 */
export function decideApplicant(
  executor: Executor,
  applicantId: string,
  outcome: 'APPROVED' | 'REJECTED',
  validUntil: string | null,
  now: Date,
): Promise<void> {
  return inTransaction(executor, async (trx) => {
    const repository = lifecycleRepository(trx);
    const applicant = await repository.applicant(applicantId);
    if (!applicant) throw new Error(`No applicant ${applicantId}`);
    await repository.lockApplication(applicant.application_id);
    if ((await repository.moveApplicants([applicantId], 'SUBMITTED', outcome, now, validUntil)) !== 1)
      throw new Error(`applicant ${applicantId} is ${applicant.status}, not SUBMITTED: it cannot be decided`);
    if (!(await repository.hasApplicantIn(applicant.application_id, 'SUBMITTED')))
      await repository.moveApplication(applicant.application_id, 'SUBMITTED', 'COMPLETE', now);
  });
}

/** Approved applicants whose validity has ended become EXPIRED. */
export function expireApproved(executor: Executor, applicantIds: string[], now: Date): Promise<number> {
  return inTransaction(executor, (trx) =>
    lifecycleRepository(trx).moveApplicants(applicantIds, 'APPROVED', 'EXPIRED', now),
  );
}
