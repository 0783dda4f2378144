import {
  PAYMENT_ERRORS,
  type PaymentConfirmation,
  type PaymentOverview,
  type StartPaymentBody,
  type SubmissionSummary,
  type WebhookReceipt,
} from '../../shared/contract';
import { ownApplication } from '../applications/public';
import { ApiError } from '../errors';
import type { Lifecycle } from '../lifecycle/public';
import { WebhookRejected } from './provider';
import { refresh, settleVoided, type PaymentsDeps } from './settle';
import { payable, startApplicationPayment, type Caller } from './start';
import { confirmationView, overviewView, paymentState, submissionView } from './views';

export type { Caller } from './start';
export type { PaymentsDeps } from './settle';

/*
 * The rules of paying and submitting. Money is only ever believed from the provider, asked server to server; an
 * application has at most one live attempt (a newer one first cancels the older at the provider, and an older one
 * found paid is settled instead); the amount and the applicants are fixed when an attempt starts, and any change
 * to the application voids it (src/server/lifecycle). A verified payment submits the application in the same
 * transaction that records it, only for exactly the applicants it was started for, unchanged, guarded so that
 * however many confirmations, notifications and retries arrive, it happens once (settle.ts). Money taken for an
 * attempt that cannot submit is refunded through the provider, or held for a person; it never becomes a submission.
 */

/** The payment page's facts: the applicants, the fee, whether it can be paid and where the payment stands. */
export async function paymentOverview(deps: PaymentsDeps, caller: Caller, guid: string): Promise<PaymentOverview> {
  const application = await ownApplication(deps.db, caller.profileId, guid);
  const facts = await payable(deps, application.id);
  const submission = await deps.repository.submission(application.id);
  return overviewView({
    applicationId: application.id,
    applicationType: application.application_type,
    fee: facts.fee,
    applicants: facts.applicants,
    canPay: facts.canPay,
    state: paymentState(await deps.repository.attempts(application.id), submission),
    submission,
  });
}

/** Asks the provider about the latest attempt and answers where the payment stands (submitted when paid). */
export async function confirmPayment(deps: PaymentsDeps, caller: Caller, guid: string): Promise<PaymentConfirmation> {
  const { repository } = deps;
  const application = await ownApplication(deps.db, caller.profileId, guid);
  if (!(await repository.submission(application.id))) {
    const [latest] = await repository.attempts(application.id);
    if (latest) await refresh(deps, latest);
  }
  const submission = await repository.submission(application.id);
  return confirmationView(paymentState(await repository.attempts(application.id), submission), submission);
}

/** The submitted application: its reference, amount, applicants and the account's address. */
export async function submissionOf(deps: PaymentsDeps, caller: Caller, guid: string): Promise<SubmissionSummary> {
  const { repository } = deps;
  const application = await ownApplication(deps.db, caller.profileId, guid);
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
}

/** A provider's notification: checked, then only used as a reason to verify its payment with the provider. */
export async function receiveWebhook(
  deps: PaymentsDeps,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookReceipt> {
  const { provider, repository } = deps;
  let event;
  try {
    event = provider.parseWebhook(rawBody, headers, new Date());
  } catch (error) {
    if (!(error instanceof WebhookRejected)) throw error;
    deps.log.warn({ event: 'payment-webhook-refused', reason: error.message }, 'payment notification refused');
    throw new ApiError(400, PAYMENT_ERRORS.webhookSignatureInvalid, 'payments:api.WEBHOOK_SIGNATURE_INVALID');
  }
  if (await repository.eventSeen(provider.name, event.id)) return { received: true, duplicate: true };
  const payment = await repository.paymentById(event.idempotencyKey);
  if (payment) await refresh(deps, payment);
  // Recorded once handled, so that a notification whose handling failed is handled when it comes again.
  await repository.recordEvent(provider.name, event.id, new Date());
  return { received: true };
}

/**
 * The calls the routes make, each bound to the app's dependencies; the state machine's hooks (`lifecycle`) are
 * told that this area cancels (or refunds) the payments a change voided.
 */
export function createPaymentsService(deps: PaymentsDeps, lifecycle?: Lifecycle) {
  lifecycle?.onPaymentsVoided((paymentIds) => settleVoided(deps, paymentIds));
  return {
    overview: (caller: Caller, guid: string) => paymentOverview(deps, caller, guid),
    settleVoided: (paymentIds: string[]) => settleVoided(deps, paymentIds),
    start: (caller: Caller, guid: string, key: string | undefined, body: StartPaymentBody) =>
      startApplicationPayment(deps, caller, guid, key, body),
    confirm: (caller: Caller, guid: string) => confirmPayment(deps, caller, guid),
    submission: (caller: Caller, guid: string) => submissionOf(deps, caller, guid),
    webhook: (rawBody: string, headers: Record<string, string | string[] | undefined>) =>
      receiveWebhook(deps, rawBody, headers),
  };
}
