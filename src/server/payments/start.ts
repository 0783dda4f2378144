import { createHash, randomUUID } from 'node:crypto';
import { isUuid, PAYMENT_ERRORS, type PaymentStarted, type StartPaymentBody } from '../../shared/contract';
import { FALLBACK_LANGUAGE } from '../../shared/languages';
import { ownApplication } from '../applications/public';
import { ApiError } from '../errors';
import { availableLanguages } from '../i18n';
import { startPayment, stepsComplete } from '../lifecycle/public';
import { retire, type PaymentsDeps } from './settle';
import type { PaymentsTable } from './tables';

/** Who calls: the signed-in profile and the language of the answers. */
export interface Caller {
  profileId: string;
  lang: string;
}

export const notOpen = () => new ApiError(409, PAYMENT_ERRORS.paymentNotOpen, 'payments:api.PAYMENT_NOT_OPEN');
const keyRequired = () =>
  new ApiError(400, PAYMENT_ERRORS.idempotencyKeyRequired, 'payments:api.IDEMPOTENCY_KEY_REQUIRED');
const keyReused = () => new ApiError(422, PAYMENT_ERRORS.idempotencyKeyReused, 'payments:api.IDEMPOTENCY_KEY_REUSED');

/** The hash an `Idempotency-Key` is bound to: the body's meaning, whatever its layout. */
const requestHash = (body: StartPaymentBody) =>
  createHash('sha256')
    .update(JSON.stringify({ returnLanguage: body.returnLanguage ?? null }))
    .digest('hex');

/** The application's applicants with whether each has completed every step, its fee and whether it can be paid. */
export async function payable(deps: PaymentsDeps, applicationId: string) {
  const application = await deps.repository.application(applicationId);
  if (!application) throw notOpen();
  const rows = await deps.repository.applicantsOf(applicationId);
  const complete = await stepsComplete(deps.db, rows);
  const applicants = rows.map((a) => ({ ...a, ready: complete.get(a.id) === true }));
  const canPay =
    application.status === 'IN_PROGRESS' &&
    applicants.length > 0 &&
    applicants.every((a) => a.ready && a.status === 'NOT_SUBMITTED');
  const fee = deps.config.fees[application.application_type];
  return { application, applicants, canPay, fee, total: fee * applicants.length };
}

/** The provider's payment of an attempt, made once (the provider is asked with the attempt's id as its key). */
async function hostedPage(deps: PaymentsDeps, row: PaymentsTable): Promise<PaymentStarted> {
  if (row.redirect_url) return { paymentIdentifier: row.id, redirectUrl: row.redirect_url };
  const query = `?applicationIdentifier=${encodeURIComponent(row.application_id)}`;
  const made = await deps.provider.createPayment({
    idempotencyKey: row.id,
    amount: row.amount,
    currency: row.currency,
    language: row.language,
    returnUrl: `${deps.portalUrl}${deps.pagePaths.paymentComplete}${query}`,
    cancelUrl: `${deps.portalUrl}${deps.pagePaths.paymentOverview}${query}`,
  });
  await deps.repository.setProviderPayment(row.id, made.providerReference, made.redirectUrl, new Date());
  return { paymentIdentifier: row.id, redirectUrl: made.redirectUrl };
}

/** Starts (or, for a key seen before, answers again) a payment; `created` is false for a repeated key. */
export async function startApplicationPayment(
  deps: PaymentsDeps,
  caller: Caller,
  guid: string,
  key: string | undefined,
  body: StartPaymentBody,
): Promise<{ created: boolean; answer: PaymentStarted }> {
  const { db, repository, provider, config } = deps;
  if (!key || !isUuid(key)) throw keyRequired();
  const application = await ownApplication(db, caller.profileId, guid);
  const hash = requestHash(body);
  const replay = async (row: PaymentsTable) => {
    if (row.request_hash !== hash) throw keyReused();
    return { created: false, answer: await hostedPage(deps, row) };
  };
  const seen = await repository.paymentByKey(application.id, key.toLowerCase());
  if (seen) return replay(seen);
  const language =
    body.returnLanguage ?? (availableLanguages().includes(caller.lang) ? caller.lang : FALLBACK_LANGUAGE);
  // A concurrent start of another key may take the live place between the check and the insert: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const facts = await payable(deps, application.id);
    if (!facts.canPay) throw notOpen();
    const live = await repository.livePayment(application.id);
    if (live) {
      await retire(deps, live);
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
    if (started.ok) return { created: true, answer: await hostedPage(deps, started.payment) };
    if (started.reason === 'NOT_OPEN') throw notOpen();
    const raced = await repository.paymentByKey(application.id, key.toLowerCase());
    if (raced) return replay(raced);
  }
  throw notOpen();
}
