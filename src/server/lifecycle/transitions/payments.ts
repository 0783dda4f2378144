import type { PaymentFailure } from '../../../shared/contract';
import { fingerprints, stepsComplete } from '../content';
import { lifecycleRepository } from '../repository';
import type { ApplicantRow, PaymentApplicantsTable, PaymentRow } from '../tables';
import { inTransaction, type Executor, type Refused } from './held';

// The transitions of payments, the only ones that handle money: an attempt started, ended, turned into the
// submission it paid for, or its unused money settled.

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
