import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { PaymentFailure } from '../../shared/contract';

/**
 * What the API needs of a payment provider. Every call names the payment by the API's own payment id, which the
 * provider uses as its idempotency key: asking twice (a retry, a double click, two instances) makes one payment.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Makes (or finds again) the payment of `idempotencyKey` and answers its hosted page. */
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** Asks the provider, server to server, where the payment stands; null when it knows no such payment. */
  verifyPayment(idempotencyKey: string): Promise<VerifiedPayment | null>;
  /**
   * Makes sure the payment can no longer be paid (a newer attempt replaces it): true when it is cancelled or never
   * existed, false when it had already been paid or refused (verify it then).
   */
  cancelPayment(idempotencyKey: string): Promise<boolean>;
  /**
   * Gives back the money of a paid payment the API cannot use (its application changed, or it was replaced): true
   * when it is refunded (now or before), false when the provider holds no paid payment of that key or refuses.
   */
  refundPayment(idempotencyKey: string): Promise<boolean>;
  /** Checks a notification's signature and freshness and reads it; throws WebhookRejected otherwise. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookEvent;
}

export interface CreatePaymentInput {
  idempotencyKey: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The language of the hosted page. */
  language: string;
  /** Where the browser goes when the page is done (paid or not). */
  returnUrl: string;
  /** Where the browser goes when the payer cancels. */
  cancelUrl: string;
}

export interface ProviderPayment {
  providerReference: string;
  redirectUrl: string;
}

export interface VerifiedPayment {
  /** REFUNDED: it was paid, then refunded at the API's request. */
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';
  failure?: PaymentFailure;
  providerReference: string;
  amount: number;
  currency: string;
}

/** A notification from the provider: only which payment to verify again is taken from it. */
export interface WebhookEvent {
  id: string;
  type: string;
  /** The API's payment id the event is about. */
  idempotencyKey: string;
}

/** A notification refused: bad or missing signature, too old, or not readable. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

/** What a provider is made with. */
export interface ProviderContext {
  app: FastifyInstance;
  /** Signs and checks the provider's notifications. */
  webhookSecret: string;
  /** The address of the API's webhook route for this provider (a path of this server). */
  webhookPath: string;
}

/** One provider of the registry (providers.ts): its name, and how to make it with the routes it may serve. */
export interface PaymentProviderDefinition {
  name: string;
  create(context: ProviderContext): { provider: PaymentProvider; routes?: FastifyPluginAsync };
}
