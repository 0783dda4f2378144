import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  isUuid,
  PAYMENT_ERRORS,
  type PaymentConfirmation,
  type PaymentOverview,
  type PaymentStarted,
  type StartPaymentBody,
  type SubmissionSummary,
  type WebhookReceipt,
} from '../../shared/contract';
import type { Db } from '../db/database';
import { FALLBACK_LANGUAGE } from '../../shared/languages';
import { ApiError } from '../errors';
import { availableLanguages } from '../i18n';
import type { PagePaths } from '../lib/page-paths';
import { ownApplication } from '../applications/public';
import {
  endPayment,
  settleUnusedMoney,
  startPayment,
  stepsComplete,
  submitPaid as submitPaidAttempt,
  type Lifecycle,
} from '../lifecycle/public';
import type { PaymentsConfig } from './config';
import { WebhookRejected, type PaymentProvider, type VerifiedPayment } from './provider';
import { paymentsRepository } from './repository';
import type { ApplicationSubmissionsTable, PaymentsTable } from './tables';
import { confirmationView, overviewView, paymentState, submissionView } from './views';

export interface Caller {
  profileId: string;
  lang: string;
  log: FastifyBaseLogger;
}

export interface PaymentsServiceDeps {
  db: Db;
  provider: PaymentProvider;
  config: PaymentsConfig;
  /** The portal's address (FRONT_END_URL), where the provider sends the browser back. */
  portalUrl: string;
  /** The addresses of the portal's payment pages (the route manifest's). */
  pagePaths: Pick<PagePaths, 'paymentComplete' | 'paymentOverview'>;
  log: FastifyBaseLogger;
  /** Runs after a submission is committed (the confirmation e-mail); never undoes it. */
  onSubmitted: (submission: ApplicationSubmissionsTable) => Promise<unknown>;
  /** The state machine's hooks: this service cancels (or refunds) the payments a change voided. */
  lifecycle?: Lifecycle;
}

const notOpen = () => new ApiError(409, PAYMENT_ERRORS.paymentNotOpen, 'payments:api.PAYMENT_NOT_OPEN');
const keyRequired = () =>
  new ApiError(400, PAYMENT_ERRORS.idempotencyKeyRequired, 'payments:api.IDEMPOTENCY_KEY_REQUIRED');
const keyReused = () => new ApiError(422, PAYMENT_ERRORS.idempotencyKeyReused, 'payments:api.IDEMPOTENCY_KEY_REUSED');

/** The hash an `Idempotency-Key` is bound to: the body's meaning, whatever its layout. */
const requestHash = (body: StartPaymentBody) =>
  createHash('sha256')
    .update(JSON.stringify({ returnLanguage: body.returnLanguage ?? null }))
    .digest('hex');

/** Attempts that ended without a submission but for which the provider may still have taken money. */
const UNUSED: PaymentsTable['status'][] = ['VOIDED', 'SUPERSEDED', 'HELD'];

/**
 * The rules of paying and submitting. Money is only ever believed from the provider, asked server to server; an
 * application has at most one live attempt (a newer one first cancels the older at the provider, and an older one
 * found paid is settled instead); the amount and the applicants are fixed when an attempt starts, and any change
 * to the application voids it (src/server/lifecycle). A verified payment submits the application in the same
 * transaction that records it, only for exactly the applicants it was started for, unchanged, guarded so that
 * however many confirmations, notifications and retries arrive, it happens once. Money taken for an attempt
 * that cannot submit is refunded through the provider, or held for a person; it never becomes a submission.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, provider, config, log } = deps;
  const repository = paymentsRepository(db);

  /** The application's applicants with whether each has completed every step, its fee and whether it can be paid. */
  async function payable(applicationId: string) {
    const application = await repository.application(applicationId);
    if (!application) throw notOpen();
    const rows = await repository.applicantsOf(applicationId);
    const complete = await stepsComplete(db, rows);
    const applicants = rows.map((a) => ({ ...a, ready: complete.get(a.id) === true }));
    const canPay =
      application.status === 'IN_PROGRESS' &&
      applicants.length > 0 &&
      applicants.every((a) => a.ready && a.status === 'NOT_SUBMITTED');
    const fee = config.fees[application.application_type];
    return { application, applicants, canPay, fee, total: fee * applicants.length };
  }

  /**
   * Gives back money the provider took for an attempt that cannot be used: refunded through the provider
   * (REFUNDED), else HELD for a person and logged. An attempt still open at the provider is cancelled there first.
   */
  async function refundUnused(paymentId: string): Promise<void> {
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
  async function submitPaid(
    payment: PaymentsTable,
    verified: VerifiedPayment,
    now: Date,
  ): Promise<ApplicationSubmissionsTable | undefined> {
    const made = await db.transaction().execute(async (trx) => {
      // Only the call that moves the attempt from PENDING goes on; any other finds it done and stops.
      const outcome = await submitPaidAttempt(trx, payment.id, verified, now);
      if (!outcome.ok) return outcome;
      const inTrx = paymentsRepository(trx);
      const row: ApplicationSubmissionsTable = {
        application_id: payment.application_id,
        reference: await inTrx.freshReference(),
        payment_id: payment.id,
        amount: outcome.payment.amount,
        currency: outcome.payment.currency,
        submitted_at: now.toISOString(),
        mail_state: 'PENDING',
        mail_attempted_at: null,
      };
      await inTrx.insertSubmission(row);
      return { ok: true as const, row };
    });
    if (!made.ok) {
      if (made.reason !== 'NOT_LIVE')
        log.warn(
          {
            event: 'payment-not-submitted',
            payment: payment.id,
            application: payment.application_id,
            why: made.reason,
          },
          'a payment was made for an application that changed since it started: it is refunded, not submitted',
        );
      // Voided meanwhile (or just now): its money goes back.
      const now = await repository.paymentById(payment.id);
      if (now && UNUSED.includes(now.status)) await refundUnused(payment.id);
      return undefined;
    }
    log.info({ event: 'application-submitted', application: made.row.application_id }, 'application submitted');
    await deps.onSubmitted(made.row).catch((error: unknown) => log.error({ err: error }, 'after submission failed'));
    return made.row;
  }

  /** Records what the provider said of a live attempt. */
  async function apply(payment: PaymentsTable, verified: VerifiedPayment, now: Date): Promise<void> {
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
      if (await endPayment(db, payment.id, 'DECLINED', 'DECLINED')) await refundUnused(payment.id);
      return;
    }
    await submitPaid(payment, verified, now);
  }

  /**
   * Asks the provider where an attempt stands and records it: a live one is settled (paid, refused); one that
   * ended unused is refunded if the provider took its money after all.
   */
  async function refresh(payment: PaymentsTable): Promise<void> {
    if (UNUSED.includes(payment.status)) {
      await refundUnused(payment.id);
      return;
    }
    if (payment.status !== 'PENDING') return;
    const verified = await provider.verifyPayment(payment.id);
    if (verified) await apply(payment, verified, new Date());
  }

  /**
   * Ends the live attempt before a newer one starts: settled when the provider already has its outcome, else
   * cancelled there (the provider makes cancelling and paying exclude each other, so it can never be paid later).
   */
  async function retire(live: PaymentsTable): Promise<void> {
    await refresh(live);
    if ((await repository.paymentById(live.id))?.status !== 'PENDING') return;
    if (await provider.cancelPayment(live.id)) {
      await endPayment(db, live.id, 'SUPERSEDED', null);
      return;
    }
    await refresh(live);
  }

  /** Attempts a change voided: cancelled at the provider, or refunded when the provider had already taken the money. */
  async function settleVoided(paymentIds: string[]): Promise<void> {
    for (const id of paymentIds) {
      if (await provider.cancelPayment(id)) continue;
      await refundUnused(id);
    }
  }
  deps.lifecycle?.onPaymentsVoided(settleVoided);

  /** The provider's payment of an attempt, made once (the provider is asked with the attempt's id as its key). */
  async function hostedPage(row: PaymentsTable): Promise<PaymentStarted> {
    if (row.redirect_url) return { paymentIdentifier: row.id, redirectUrl: row.redirect_url };
    const query = `?applicationIdentifier=${encodeURIComponent(row.application_id)}`;
    const made = await provider.createPayment({
      idempotencyKey: row.id,
      amount: row.amount,
      currency: row.currency,
      language: row.language,
      returnUrl: `${deps.portalUrl}${deps.pagePaths.paymentComplete}${query}`,
      cancelUrl: `${deps.portalUrl}${deps.pagePaths.paymentOverview}${query}`,
    });
    await repository.setProviderPayment(row.id, made.providerReference, made.redirectUrl, new Date());
    return { paymentIdentifier: row.id, redirectUrl: made.redirectUrl };
  }

  return {
    async overview(caller: Caller, guid: string): Promise<PaymentOverview> {
      const application = await ownApplication(db, caller.profileId, guid);
      const facts = await payable(application.id);
      const submission = await repository.submission(application.id);
      return overviewView({
        applicationId: application.id,
        applicationType: application.application_type,
        fee: facts.fee,
        applicants: facts.applicants,
        canPay: facts.canPay,
        state: paymentState(await repository.attempts(application.id), submission),
        submission,
      });
    },

    settleVoided,

    /** Starts (or, for a key seen before, answers again) a payment; `created` is false for a repeated key. */
    async start(
      caller: Caller,
      guid: string,
      key: string | undefined,
      body: StartPaymentBody,
    ): Promise<{ created: boolean; answer: PaymentStarted }> {
      if (!key || !isUuid(key)) throw keyRequired();
      const application = await ownApplication(db, caller.profileId, guid);
      const hash = requestHash(body);
      const replay = async (row: PaymentsTable) => {
        if (row.request_hash !== hash) throw keyReused();
        return { created: false, answer: await hostedPage(row) };
      };
      const seen = await repository.paymentByKey(application.id, key.toLowerCase());
      if (seen) return replay(seen);
      const language =
        body.returnLanguage ?? (availableLanguages().includes(caller.lang) ? caller.lang : FALLBACK_LANGUAGE);
      // A concurrent start of another key may take the live place between the check and the insert: try again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const facts = await payable(application.id);
        if (!facts.canPay) throw notOpen();
        const live = await repository.livePayment(application.id);
        if (live) {
          await retire(live);
          continue;
        }
        const now = new Date().toISOString();
        // The amount and the applicants are fixed by the state machine, in the transaction that stores the attempt.
        const started = await startPayment(
          db,
          {
            id: randomUUID(),
            application_id: application.id,
            idempotency_key: key.toLowerCase(),
            request_hash: hash,
            provider: provider.name,
            provider_reference: null,
            redirect_url: null,
            currency: config.currency,
            language,
            created_at: now,
            updated_at: now,
          },
          facts.fee,
        );
        if (started.ok) return { created: true, answer: await hostedPage(started.payment) };
        if (started.reason === 'NOT_OPEN') throw notOpen();
        const raced = await repository.paymentByKey(application.id, key.toLowerCase());
        if (raced) return replay(raced);
      }
      throw notOpen();
    },

    /** Asks the provider about the latest attempt and answers where the payment stands (submitted when paid). */
    async confirm(caller: Caller, guid: string): Promise<PaymentConfirmation> {
      const application = await ownApplication(db, caller.profileId, guid);
      if (!(await repository.submission(application.id))) {
        const [latest] = await repository.attempts(application.id);
        if (latest) await refresh(latest);
      }
      const submission = await repository.submission(application.id);
      return confirmationView(paymentState(await repository.attempts(application.id), submission), submission);
    },

    async submission(caller: Caller, guid: string): Promise<SubmissionSummary> {
      const application = await ownApplication(db, caller.profileId, guid);
      const submission = await repository.submission(application.id);
      const profile = await repository.profileContact(application.profile_id);
      if (!submission || !profile)
        throw new ApiError(404, PAYMENT_ERRORS.submissionNotFound, 'payments:api.SUBMISSION_NOT_FOUND');
      return submissionView({
        submission,
        applicationType: application.application_type,
        applicants: await repository.applicantsOf(application.id),
        accountEmail: profile.email,
      });
    },

    /** A provider's notification: checked, then only used as a reason to verify its payment with the provider. */
    async webhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<WebhookReceipt> {
      let event;
      try {
        event = provider.parseWebhook(rawBody, headers, new Date());
      } catch (error) {
        if (!(error instanceof WebhookRejected)) throw error;
        log.warn({ event: 'payment-webhook-refused', reason: error.message }, 'payment notification refused');
        throw new ApiError(400, PAYMENT_ERRORS.webhookSignatureInvalid, 'payments:api.WEBHOOK_SIGNATURE_INVALID');
      }
      if (await repository.eventSeen(provider.name, event.id)) return { received: true, duplicate: true };
      const payment = await repository.paymentById(event.idempotencyKey);
      if (payment) await refresh(payment);
      // Recorded once handled, so that a notification whose handling failed is handled when it comes again.
      await repository.recordEvent(provider.name, event.id, new Date());
      return { received: true };
    },
  };
}
