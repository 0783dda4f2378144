import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  isUuid,
  PAYMENT_ERRORS,
  PAYMENT_RETURN_LANGUAGES,
  type PaymentConfirmation,
  type PaymentOverview,
  type PaymentStarted,
  type StartPaymentBody,
  type SubmissionSummary,
  type WebhookReceipt,
} from '../../shared/contract';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { journeyStepNames, ownApplication } from '../applications/public';
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
  log: FastifyBaseLogger;
  /** Runs after a submission is committed (the confirmation e-mail); never undoes it. */
  onSubmitted: (submission: ApplicationSubmissionsTable) => Promise<unknown>;
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

/**
 * The rules of paying and submitting. Money is only ever believed from the provider, asked server to server;
 * an application has at most one live attempt (a newer one first cancels the older at the provider, and an older
 * one found paid is settled instead); and a verified payment submits the application in the same transaction that
 * records it, guarded so that however many confirmations, notifications and retries arrive, it happens once.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, provider, config, log } = deps;
  const repository = paymentsRepository(db);
  // Payment is the journey's last step: an applicant on it has completed every earlier one.
  const steps = journeyStepNames();
  const paymentStep = steps.length - 1;

  /** The application's applicants with whether each has reached payment, its fee and whether it can be paid. */
  async function payable(applicationId: string) {
    const application = await repository.application(applicationId);
    if (!application) throw notOpen();
    const applicants = (await repository.applicantsOf(applicationId)).map((a) => ({
      ...a,
      ready: steps.indexOf(a.current_step) >= paymentStep,
    }));
    const canPay = application.status === 'IN_PROGRESS' && applicants.length > 0 && applicants.every((a) => a.ready);
    const fee = config.fees[application.application_type];
    return { application, applicants, canPay, fee, total: fee * applicants.length };
  }

  /** Submits the application of a verified payment, once; answers the submission this call made, if any. */
  async function submitPaid(payment: PaymentsTable, now: Date): Promise<ApplicationSubmissionsTable | undefined> {
    const made = await db.transaction().execute(async (trx) => {
      const inTrx = paymentsRepository(trx);
      // Only the call that moves the attempt from PENDING goes on; any other finds it done and stops.
      if (!(await inTrx.endPayment(payment.id, 'PAID', null, now))) return undefined;
      if (!(await inTrx.markSubmitted(payment.application_id, now))) {
        log.error(
          { event: 'payment-without-submission', payment: payment.id, application: payment.application_id },
          'a payment succeeded for an application no longer in progress: it must be refunded',
        );
        return undefined;
      }
      const row: ApplicationSubmissionsTable = {
        application_id: payment.application_id,
        reference: await inTrx.freshReference(),
        payment_id: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        submitted_at: now.toISOString(),
        mail_state: 'PENDING',
        mail_attempted_at: null,
      };
      await inTrx.insertSubmission(row);
      return row;
    });
    if (made) {
      log.info({ event: 'application-submitted', application: made.application_id }, 'application submitted');
      await deps.onSubmitted(made).catch((error: unknown) => log.error({ err: error }, 'after submission failed'));
    }
    return made;
  }

  /** Records what the provider said of a live attempt. */
  async function apply(payment: PaymentsTable, verified: VerifiedPayment, now: Date): Promise<void> {
    if (verified.status === 'PENDING') return;
    if (verified.status === 'FAILED') {
      const failure = verified.failure ?? 'DECLINED';
      await repository.endPayment(payment.id, failure === 'CANCELLED' ? 'CANCELLED' : 'DECLINED', failure, now);
      return;
    }
    if (verified.amount !== payment.amount || verified.currency !== payment.currency) {
      log.error(
        { event: 'payment-amount-mismatch', payment: payment.id, asked: payment.amount, paid: verified.amount },
        'the provider reports another amount or currency than asked: not submitted',
      );
      await repository.endPayment(payment.id, 'DECLINED', 'DECLINED', now);
      return;
    }
    await submitPaid(payment, now);
  }

  /** Asks the provider where a live attempt stands and records it. */
  async function refresh(payment: PaymentsTable): Promise<void> {
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
      await repository.endPayment(live.id, 'SUPERSEDED', null, new Date());
      return;
    }
    await refresh(live);
  }

  /** The provider's payment of an attempt, made once (the provider is asked with the attempt's id as its key). */
  async function hostedPage(row: PaymentsTable): Promise<PaymentStarted> {
    if (row.redirect_url) return { paymentIdentifier: row.id, redirectUrl: row.redirect_url };
    const query = `?applicationIdentifier=${encodeURIComponent(row.application_id)}`;
    const made = await provider.createPayment({
      idempotencyKey: row.id,
      amount: row.amount,
      currency: row.currency,
      language: row.language,
      returnUrl: `${deps.portalUrl}/applications/payment-complete${query}`,
      cancelUrl: `${deps.portalUrl}/applications/payment-overview${query}`,
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
      const languages: readonly string[] = PAYMENT_RETURN_LANGUAGES;
      const language = body.returnLanguage ?? (languages.includes(caller.lang) ? caller.lang : 'en');
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
        const row: PaymentsTable = {
          id: randomUUID(),
          application_id: application.id,
          idempotency_key: key.toLowerCase(),
          request_hash: hash,
          provider: provider.name,
          provider_reference: null,
          redirect_url: null,
          amount: facts.total,
          currency: config.currency,
          language,
          status: 'PENDING',
          failure: null,
          created_at: now,
          updated_at: now,
        };
        if (await repository.insertPayment(row)) return { created: true, answer: await hostedPage(row) };
        const raced = await repository.paymentByKey(application.id, row.idempotency_key);
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
