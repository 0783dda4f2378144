import type { FromSchema } from 'json-schema-to-ts';
import { APPLICATION_TYPES } from './enums';
import { closedObject } from './closed-object';

/**
 * What the payment and submission calls answer and take (see applications.ts for how the schemas are used).
 * Amounts are integers in the currency's minor unit (cents for ZAR), as the fees are configured.
 */

const uuid = { type: 'string', format: 'uuid' } as const;

/** The currency every fee is charged in. */
export const PAYMENT_CURRENCY = 'ZAR';
export type PaymentCurrency = typeof PAYMENT_CURRENCY;

/**
 * Where an application's payment stands: NOT_STARTED until the first attempt, PAID once it is submitted; VOIDED
 * when the application changed after the last attempt started (that attempt was stopped, its money refunded).
 */
export const PAYMENT_STATUSES = ['NOT_STARTED', 'PENDING', 'DECLINED', 'CANCELLED', 'VOIDED', 'PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What became of money the provider took for a voided attempt: REFUNDED to the card by the provider, or HELD
 * for the department's staff to refund (the provider could not).
 */
export const PAYMENT_REFUNDS = ['REFUNDED', 'HELD'] as const;
export type PaymentRefund = (typeof PAYMENT_REFUNDS)[number];

/** Why the last attempt did not pay; the application stays payable after each. */
export const PAYMENT_FAILURES = ['DECLINED', 'INSUFFICIENT_FUNDS', 'CANCELLED'] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

/** The stable error codes of the payment calls. */
export const PAYMENT_ERRORS = {
  /** POST payment without an `Idempotency-Key` header holding a UUID. */
  idempotencyKeyRequired: 'IDEMPOTENCY_KEY_REQUIRED',
  /** The same `Idempotency-Key` sent again with a different body. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** Payment cannot start: an applicant has not completed every earlier step, or the application is not IN_PROGRESS. */
  paymentNotOpen: 'PAYMENT_NOT_OPEN',
  /** GET submission before the application is submitted. */
  submissionNotFound: 'SUBMISSION_NOT_FOUND',
  /** A payment provider's webhook whose signature, timestamp or body is not acceptable. */
  webhookSignatureInvalid: 'WEBHOOK_SIGNATURE_INVALID',
} as const;
export type PaymentErrorCode = (typeof PAYMENT_ERRORS)[keyof typeof PAYMENT_ERRORS];

const money = { type: 'integer', minimum: 0, description: 'In minor units of `currency` (cents).' } as const;
const failure = {
  type: 'string',
  enum: PAYMENT_FAILURES,
  description: 'Why the last attempt did not pay.',
} as const;
const refund = {
  type: 'string',
  enum: PAYMENT_REFUNDS,
  description: 'With VOIDED, when the provider had taken the money: REFUNDED to the card, or HELD for staff to refund.',
} as const;
const reference = {
  type: 'string',
  pattern: '^ETA-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z*~$=U]$',
  description:
    'The submission reference, Crockford base32 with a check character, e.g. ETA-7K3QM-2RXD9-3 (read aloud and typed by people).',
} as const;

/** GET /api/eta/applications/{guid}/payment: what the payment overview shows. */
export const paymentOverviewSchema = closedObject(
  {
    applicationIdentifier: uuid,
    applicationType: { type: 'string', enum: APPLICATION_TYPES },
    currency: { type: 'string', const: PAYMENT_CURRENCY },
    applicants: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['applicantIdentifier', 'givenNames', 'familyName', 'fee', 'ready'],
        properties: {
          applicantIdentifier: uuid,
          givenNames: { type: 'string' },
          familyName: { type: 'string' },
          fee: money,
          ready: {
            type: 'boolean',
            description:
              'True when the applicant has completed every earlier step (on the payment step, no form left incomplete).',
          },
        },
      },
    },
    total: money,
    canPay: {
      type: 'boolean',
      description: 'True when every applicant has completed every earlier step and the application is IN_PROGRESS.',
    },
    status: { type: 'string', enum: PAYMENT_STATUSES },
    lastFailure: failure,
    refund,
    reference: { ...reference, description: 'Once submitted.' },
  },
  { optional: ['lastFailure', 'refund', 'reference'] },
);
export type PaymentOverview = FromSchema<typeof paymentOverviewSchema>;

/**
 * POST /api/eta/applications/{guid}/payment: the body (sent with an `Idempotency-Key` header). The provider's page
 * may be shown in any of the portal's languages (those of locales/): they are listed where the portal runs, so the
 * server validates the body with `startPaymentBodySchemaFor` its languages.
 */
export const startPaymentBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    returnLanguage: {
      type: 'string',
      // The OpenAPI description lists the portal's languages here (src/server/openapi/document.ts).
      'x-languages': true,
      description: "The language of the provider's page; else the request's language.",
    },
  },
} as const;
export type StartPaymentBody = FromSchema<typeof startPaymentBodySchema>;

/** The body's schema with `returnLanguage` one of `languages` (the portal's). */
export function startPaymentBodySchemaFor(languages: readonly string[]) {
  const { 'x-languages': _listed, ...returnLanguage } = startPaymentBodySchema.properties.returnLanguage;
  return { ...startPaymentBodySchema, properties: { returnLanguage: { ...returnLanguage, enum: [...languages] } } };
}

/** POST /api/eta/applications/{guid}/payment: where to send the browser (201 new, 200 the same key again). */
export const paymentStartedSchema = closedObject({
  paymentIdentifier: uuid,
  redirectUrl: { type: 'string', format: 'uri', description: "The payment provider's hosted page." },
});
export type PaymentStarted = FromSchema<typeof paymentStartedSchema>;

/** POST /api/eta/applications/{guid}/payment/confirm: the outcome, checked with the provider. */
export const paymentConfirmationSchema = closedObject(
  {
    status: {
      type: 'string',
      enum: PAYMENT_STATUSES,
      description:
        'PAID: submitted; DECLINED, CANCELLED: payable again; VOIDED: the application changed after the payment started, so it was stopped (and refunded if taken), payable again; PENDING: not known yet; NOT_STARTED: no payment.',
    },
    reference: { ...reference, description: 'With PAID.' },
    submittedAt: { type: 'string', format: 'date-time', description: 'With PAID.' },
    lastFailure: failure,
    refund,
  },
  { optional: ['reference', 'submittedAt', 'lastFailure', 'refund'] },
);
export type PaymentConfirmation = FromSchema<typeof paymentConfirmationSchema>;

/** GET /api/eta/applications/{guid}/submission: what the submitted page shows. */
export const submissionSummarySchema = closedObject({
  reference,
  submittedAt: { type: 'string', format: 'date-time' },
  applicationType: { type: 'string', enum: APPLICATION_TYPES },
  applicants: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['applicantIdentifier', 'givenNames', 'familyName'],
      properties: { applicantIdentifier: uuid, givenNames: { type: 'string' }, familyName: { type: 'string' } },
    },
  },
  amountPaid: money,
  currency: { type: 'string', const: PAYMENT_CURRENCY },
  accountEmail: { type: 'string', format: 'email', description: 'Where the confirmation e-mail was sent.' },
});
export type SubmissionSummary = FromSchema<typeof submissionSummarySchema>;

/** POST /api/eta/payments/webhook/{provider}: a notification was accepted (a repeated one changes nothing). */
export const webhookReceiptSchema = closedObject(
  {
    received: { const: true },
    duplicate: { type: 'boolean', description: 'True when this event was handled before.' },
  },
  { optional: ['duplicate'] },
);
export type WebhookReceipt = FromSchema<typeof webhookReceiptSchema>;
