import type { PaymentProvider, PaymentProviderDefinition, VerifiedPayment } from '../provider';
import { WebhookRejected } from '../provider';
import { SIGNATURE_HEADER, verifySignature } from '../signature';
import { findSandboxPaymentByKey, insertSandboxPayment, moveSandboxPayment } from './repository';
import { sandboxRoutes, SANDBOX_PAGE_PREFIX } from './routes';
import { FALLBACK_LANGUAGE } from '../../../shared/languages';

/**
 * A provider for development and tests that behaves like a card provider's test mode: its hosted card page is
 * served by this server (routes.ts), it keeps its own records, and it notifies the API with signed webhooks.
 */
export const sandboxProvider: PaymentProviderDefinition = {
  name: 'sandbox',
  create({ app, webhookSecret, webhookPath }) {
    const { db } = app;
    const provider: PaymentProvider = {
      name: 'sandbox',

      async createPayment(input) {
        const row = await insertSandboxPayment(db, input, 'OPEN', new Date());
        return {
          providerReference: row.id,
          redirectUrl: `${app.config.publicUrl}${SANDBOX_PAGE_PREFIX}/${row.id}`,
        };
      },

      async verifyPayment(key) {
        const row = await findSandboxPaymentByKey(db, key);
        if (!row) return null;
        const base = { providerReference: row.id, amount: row.amount, currency: row.currency };
        const verified: VerifiedPayment =
          row.status === 'SUCCEEDED'
            ? { ...base, status: 'SUCCEEDED' }
            : row.status === 'REFUNDED'
              ? { ...base, status: 'REFUNDED' }
              : row.status === 'FAILED' || row.status === 'CANCELLED'
                ? { ...base, status: 'FAILED', failure: row.failure ?? 'DECLINED' }
                : { ...base, status: 'PENDING' };
        return verified;
      },

      async cancelPayment(key) {
        const now = new Date();
        if (
          await moveSandboxPayment(
            db,
            { idempotencyKey: key },
            ['OPEN', 'AWAITING_AUTHENTICATION'],
            'CANCELLED',
            'CANCELLED',
            now,
          )
        )
          return true;
        // A payment the API has not asked for yet is recorded as cancelled, so that asking for it later finds it so.
        const row = await insertSandboxPayment(
          db,
          { idempotencyKey: key, amount: 0, currency: '', language: FALLBACK_LANGUAGE, returnUrl: '', cancelUrl: '' },
          'CANCELLED',
          now,
        );
        return row.status === 'CANCELLED';
      },

      async refundPayment(key) {
        if (await moveSandboxPayment(db, { idempotencyKey: key }, ['SUCCEEDED'], 'REFUNDED', null, new Date()))
          return true;
        return (await findSandboxPaymentByKey(db, key))?.status === 'REFUNDED';
      },

      parseWebhook(rawBody, headers, now) {
        const header = headers[SIGNATURE_HEADER];
        verifySignature(webhookSecret, Array.isArray(header) ? header[0] : header, rawBody, now);
        let event: unknown;
        try {
          event = JSON.parse(rawBody);
        } catch {
          throw new WebhookRejected('body is not JSON');
        }
        const { id, type, data } = (event ?? {}) as { id?: unknown; type?: unknown; data?: { paymentId?: unknown } };
        if (typeof id !== 'string' || typeof type !== 'string' || typeof data?.paymentId !== 'string')
          throw new WebhookRejected('not a sandbox event');
        return { id, type, idempotencyKey: data.paymentId };
      },
    };
    return { provider, routes: sandboxRoutes({ webhookSecret, webhookPath }) };
  },
};
