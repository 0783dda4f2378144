import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { PagePaths } from '../lib/page-paths';
import { endPayment, settleUnusedMoney, submitPaid as submitPaidAttempt } from '../lifecycle/public';
import type { PaymentsConfig } from './config';
import type { PaymentProvider, VerifiedPayment } from './provider';
import type { PaymentsRepository } from './repository';
import type { ApplicationSubmissionsTable, PaymentsTable } from './tables';

/** What the jobs of paying and submitting work with, made once per app (routes.ts). */
export interface PaymentsDeps {
  db: Db;
  repository: PaymentsRepository;
  provider: PaymentProvider;
  config: PaymentsConfig;
  /** The portal's address (FRONT_END_URL), where the provider sends the browser back. */
  portalUrl: string;
  /** The addresses of the portal's payment pages (the route manifest's). */
  pagePaths: Pick<PagePaths, 'paymentComplete' | 'paymentOverview'>;
  log: FastifyBaseLogger;
  /** Runs after a submission is committed (the confirmation e-mail); never undoes it. */
  onSubmitted: (submission: ApplicationSubmissionsTable) => Promise<unknown>;
}

/** Attempts that ended without a submission but for which the provider may still have taken money. */
const UNUSED: PaymentsTable['status'][] = ['VOIDED', 'SUPERSEDED', 'HELD'];

/**
 * Gives back money the provider took for an attempt that cannot be used: refunded through the provider
 * (REFUNDED), else HELD for a person and logged. An attempt still open at the provider is cancelled there first.
 */
export async function refundUnused(deps: PaymentsDeps, paymentId: string): Promise<void> {
  const { db, provider, log } = deps;
  let verified = await provider.verifyPayment(paymentId);
  if (verified?.status === 'PENDING') {
    if (await provider.cancelPayment(paymentId)) return;
    verified = await provider.verifyPayment(paymentId);
  }
  if (verified?.status === 'REFUNDED') {
    await settleUnusedMoney(db, paymentId, 'REFUNDED');
    return;
  }
  if (verified?.status !== 'SUCCEEDED') return;
  let refunded = false;
  try {
    refunded = await provider.refundPayment(paymentId);
  } catch (error) {
    log.error({ err: error, event: 'payment-refund-failed', payment: paymentId }, 'refund failed');
  }
  await settleUnusedMoney(db, paymentId, refunded ? 'REFUNDED' : 'HELD');
  if (refunded)
    log.warn(
      { event: 'payment-refunded', payment: paymentId, amount: verified.amount },
      'money taken for a payment that could not be used was refunded',
    );
  else
    log.error(
      { event: 'payment-held', payment: paymentId, amount: verified.amount, currency: verified.currency },
      'money taken for a payment that could not be used could not be refunded: held for a person to refund',
    );
}

/** Submits the application of a verified payment, once; answers the submission this call made, if any. */
export async function submitPaid(
  deps: PaymentsDeps,
  payment: PaymentsTable,
  verified: VerifiedPayment,
  now: Date,
): Promise<ApplicationSubmissionsTable | undefined> {
  const { db, repository, log } = deps;
  const made = await db.transaction().execute(async (trx) => {
    // Only the call that moves the attempt from PENDING goes on; any other finds it done and stops.
    const outcome = await submitPaidAttempt(trx, payment.id, verified, now);
    if (!outcome.ok) return outcome;
    const row: ApplicationSubmissionsTable = {
      application_id: payment.application_id,
      reference: await repository.freshReference(trx),
      payment_id: payment.id,
      amount: outcome.payment.amount,
      currency: outcome.payment.currency,
      submitted_at: now.toISOString(),
      mail_state: 'PENDING',
      mail_attempted_at: null,
    };
    await repository.insertSubmission(row, trx);
    return { ok: true as const, row };
  });
  if (!made.ok) {
    if (made.reason !== 'NOT_LIVE')
      log.warn(
        { event: 'payment-not-submitted', payment: payment.id, application: payment.application_id, why: made.reason },
        'a payment was made for an application that changed since it started: it is refunded, not submitted',
      );
    // Voided meanwhile (or just now): its money goes back.
    const current = await repository.paymentById(payment.id);
    if (current && UNUSED.includes(current.status)) await refundUnused(deps, payment.id);
    return undefined;
  }
  log.info({ event: 'application-submitted', application: made.row.application_id }, 'application submitted');
  await deps.onSubmitted(made.row).catch((error: unknown) => log.error({ err: error }, 'after submission failed'));
  return made.row;
}

/** Records what the provider said of a live attempt. */
async function apply(deps: PaymentsDeps, payment: PaymentsTable, verified: VerifiedPayment, now: Date) {
  const { db, log } = deps;
  if (verified.status === 'PENDING') return;
  if (verified.status === 'FAILED' || verified.status === 'REFUNDED') {
    const failure = verified.failure ?? 'DECLINED';
    await endPayment(db, payment.id, failure === 'CANCELLED' ? 'CANCELLED' : 'DECLINED', failure);
    return;
  }
  if (verified.amount !== payment.amount || verified.currency !== payment.currency) {
    log.error(
      { event: 'payment-amount-mismatch', payment: payment.id, asked: payment.amount, paid: verified.amount },
      'the provider reports another amount or currency than asked: not submitted',
    );
    if (await endPayment(db, payment.id, 'DECLINED', 'DECLINED')) await refundUnused(deps, payment.id);
    return;
  }
  await submitPaid(deps, payment, verified, now);
}

/**
 * Asks the provider where an attempt stands and records it: a live one is settled (paid, refused); one that
 * ended unused is refunded if the provider took its money after all.
 */
export async function refresh(deps: PaymentsDeps, payment: PaymentsTable): Promise<void> {
  if (UNUSED.includes(payment.status)) {
    await refundUnused(deps, payment.id);
    return;
  }
  if (payment.status !== 'PENDING') return;
  const verified = await deps.provider.verifyPayment(payment.id);
  if (verified) await apply(deps, payment, verified, new Date());
}

/**
 * Ends the live attempt before a newer one starts: settled when the provider already has its outcome, else
 * cancelled there (the provider makes cancelling and paying exclude each other, so it can never be paid later).
 */
export async function retire(deps: PaymentsDeps, live: PaymentsTable): Promise<void> {
  await refresh(deps, live);
  if ((await deps.repository.paymentById(live.id))?.status !== 'PENDING') return;
  if (await deps.provider.cancelPayment(live.id)) {
    await endPayment(deps.db, live.id, 'SUPERSEDED', null);
    return;
  }
  await refresh(deps, live);
}

/** Attempts a change voided: cancelled at the provider, or refunded when the provider had already taken the money. */
export async function settleVoided(deps: PaymentsDeps, paymentIds: string[]): Promise<void> {
  for (const id of paymentIds) {
    if (await deps.provider.cancelPayment(id)) continue;
    await refundUnused(deps, id);
  }
}
