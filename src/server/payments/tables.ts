/**
 * Tables of payments and submissions, added to the shared `Database` interface. Portable types only:
 * timestamps ISO-8601 UTC text, ids text UUIDs, amounts integers in minor units.
 */

import type { PaymentFailure } from '../../shared/contract';

/**
 * An attempt's state (moved only by src/server/lifecycle): one PENDING at most per application; PAID once it
 * submitted the application; SUPERSEDED when a newer attempt replaced it; VOIDED when the application changed
 * after it started; REFUNDED when the provider took money that could not be used and gave it back; HELD when
 * such money could not be given back by the provider and waits for a person.
 */
export type PaymentRowStatus =
  'PENDING' | 'PAID' | 'DECLINED' | 'CANCELLED' | 'SUPERSEDED' | 'VOIDED' | 'REFUNDED' | 'HELD';

/** One attempt to pay for an application, made by one `Idempotency-Key` of the browser. */
export interface PaymentsTable {
  /** Also the idempotency key the provider is asked with, so that asking twice makes one provider payment. */
  id: string;
  application_id: string;
  idempotency_key: string;
  /** SHA-256 of the request body, so that the same key with another body is refused. */
  request_hash: string;
  provider: string;
  /** The provider's identifier of the payment, once it made one. */
  provider_reference: string | null;
  /** The provider's hosted page. */
  redirect_url: string | null;
  amount: number;
  currency: string;
  /** The language of the provider's page. */
  language: string;
  status: PaymentRowStatus;
  failure: PaymentFailure | null;
  created_at: string;
  updated_at: string;
}

/** Delivery of the confirmation e-mail of a submission. */
export type SubmissionMailState = 'PENDING' | 'SENT';

/** A submitted application: its reference, the payment that paid for it, and its confirmation e-mail. */
export interface ApplicationSubmissionsTable {
  application_id: string;
  /** Crockford base 32 with a check character, e.g. ETA-7K3QM-2RXD9-V (see reference.ts). */
  reference: string;
  payment_id: string;
  amount: number;
  currency: string;
  submitted_at: string;
  mail_state: SubmissionMailState;
  /** When the e-mail was last tried; housekeeping tries again pending ones tried long enough ago. */
  mail_attempted_at: string | null;
}

/** Provider notifications already handled, so that a repeated delivery changes nothing. */
export interface PaymentWebhookEventsTable {
  provider: string;
  event_id: string;
  received_at: string;
}

/** What happened on the sandbox provider's page (the provider's own records, not the API's). */
export type SandboxStatus = 'OPEN' | 'AWAITING_AUTHENTICATION' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED' | 'REFUNDED';

export interface SandboxPaymentsTable {
  id: string;
  /** The API's payment id: asking again with it answers the same sandbox payment. */
  idempotency_key: string;
  amount: number;
  currency: string;
  language: string;
  return_url: string;
  cancel_url: string;
  status: SandboxStatus;
  failure: PaymentFailure | null;
  created_at: string;
  updated_at: string;
}

declare module '../db/schema' {
  interface Database {
    payments: PaymentsTable;
    application_submissions: ApplicationSubmissionsTable;
    payment_webhook_events: PaymentWebhookEventsTable;
    sandbox_payments: SandboxPaymentsTable;
  }
}
