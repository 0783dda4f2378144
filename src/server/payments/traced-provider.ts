import { SpanKind, withSpan } from '../telemetry/public';
import type { PaymentProvider } from './provider';

/** The provider with each call to it (create, verify, cancel, refund) a span of the current trace. */
export function tracedProvider(provider: PaymentProvider): PaymentProvider {
  const attributes = { 'eta.payment_provider': provider.name };
  const span = <T>(name: string, work: () => Promise<T>) =>
    withSpan(`payment provider ${name}`, { kind: SpanKind.CLIENT, attributes }, work);
  return {
    name: provider.name,
    createPayment: (input) => span('create', () => provider.createPayment(input)),
    verifyPayment: (key) => span('verify', () => provider.verifyPayment(key)),
    cancelPayment: (key) => span('cancel', () => provider.cancelPayment(key)),
    refundPayment: (key) => span('refund', () => provider.refundPayment(key)),
    parseWebhook: (rawBody, headers, now) => provider.parseWebhook(rawBody, headers, now),
  };
}
