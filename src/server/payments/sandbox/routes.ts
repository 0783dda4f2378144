import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { FALLBACK_LANGUAGE } from '../../../shared/languages';
import { availableLanguages } from '../../i18n';
import type { RouteSchemaTypes } from '../../openapi/public';
import { contentSecurityPolicy } from '../../security-headers';
import { signPayload, SIGNATURE_HEADER } from '../signature';
import type { SandboxPaymentsTable, SandboxStatus } from '../tables';
import { cardDigits, TEST_CARDS } from './cards';
import { authenticationPage, cardPage, finishedPage, notFoundPage } from './page';
import { findSandboxPayment, moveSandboxPayment } from './repository';

/** Where the sandbox's hosted pages are served: outside /api, as a provider's own site would be. */
export const SANDBOX_PAGE_PREFIX = '/payments/sandbox';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIVE: SandboxStatus[] = ['OPEN', 'AWAITING_AUTHENTICATION'];

/** The payment a page is of (an unknown or malformed one gets the sandbox's own not-found page). */
const PAGE = {
  params: {
    type: 'object',
    required: ['paymentId'],
    properties: { paymentId: { type: 'string' } },
  },
} as const;

/** What the card page and the confirmation step post: the button pressed and the card number typed. */
const FORM = {
  ...PAGE,
  body: {
    type: ['object', 'null'],
    properties: { action: { type: 'string' }, cardNumber: { type: 'string' } },
  },
} as const;

const languageOf = (payment: SandboxPaymentsTable) =>
  availableLanguages().includes(payment.language) ? payment.language : FALLBACK_LANGUAGE;

/**
 * The sandbox's hosted card page and its extra confirmation step. When the payer is done, the outcome is recorded
 * in the sandbox's own table, the API is notified by a signed webhook (sent in-process through the real route, so
 * it passes the real signature check), and the browser is sent back to the portal. A lost notification loses
 * nothing: the portal's confirm call asks the provider again.
 */
export function sandboxRoutes(options: { webhookSecret: string; webhookPath: string }): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<RouteSchemaTypes>();
    // The form posts back here and then leaves for the portal, which may be on another origin (npm run dev).
    const portalOrigin = new URL(app.config.publicSettings.FRONT_END_URL).origin;
    const policy = contentSecurityPolicy({ formOrigin: portalOrigin });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', policy).header('cache-control', 'no-store');
      return payload;
    });
    // Browsers post forms as application/x-www-form-urlencoded; fields are read as plain strings.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const html = (reply: FastifyReply, status: number, page: string) =>
      reply.code(status).type('text/html; charset=utf-8').send(page);

    const load = async (paymentId: string) =>
      UUID.test(paymentId) ? findSandboxPayment(app.db, paymentId) : undefined;

    app.get(`${SANDBOX_PAGE_PREFIX}/:paymentId`, { schema: PAGE }, async (request, reply) => {
      const payment = await load(request.params.paymentId);
      if (!payment) return html(reply, 404, notFoundPage(FALLBACK_LANGUAGE));
      const context = { language: languageOf(payment), action: `${SANDBOX_PAGE_PREFIX}/${payment.id}` };
      if (payment.status === 'OPEN') return html(reply, 200, cardPage(payment, context));
      if (payment.status === 'AWAITING_AUTHENTICATION') return html(reply, 200, authenticationPage(payment, context));
      return html(reply, 200, finishedPage(payment, context.language));
    });

    app.post(`${SANDBOX_PAGE_PREFIX}/:paymentId`, { schema: FORM }, async (request, reply) => {
      const payment = await load(request.params.paymentId);
      if (!payment) return html(reply, 404, notFoundPage(FALLBACK_LANGUAGE));
      const language = languageOf(payment);
      const context = { language, action: `${SANDBOX_PAGE_PREFIX}/${payment.id}` };
      const body = request.body ?? {};
      const action = body.action ?? '';

      // A press that finds the payment paid or refused by this page (a second click on Pay, or Enter pressed
      // twice) goes where the first press went; a payment cancelled or replaced meanwhile shows that it ended.
      const ended = async () => {
        const now = (await load(payment.id)) ?? payment;
        if (now.status === 'SUCCEEDED' || now.status === 'FAILED') return reply.redirect(now.return_url, 303);
        return html(reply, 409, finishedPage(now, language));
      };

      const finish = async (to: SandboxStatus, failure: 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'CANCELLED' | null) => {
        const moved = await moveSandboxPayment(app.db, { id: payment.id }, LIVE, to, failure, new Date());
        if (!moved) return ended();
        await notify(
          app,
          options,
          payment,
          to === 'SUCCEEDED' ? 'payment.succeeded' : to === 'CANCELLED' ? 'payment.cancelled' : 'payment.failed',
        );
        return reply.redirect(to === 'CANCELLED' ? payment.cancel_url : payment.return_url, 303);
      };

      if (!LIVE.includes(payment.status)) return ended();
      if (action === 'cancel') return finish('CANCELLED', 'CANCELLED');
      if (payment.status === 'AWAITING_AUTHENTICATION') {
        if (action === 'authenticate') return finish('SUCCEEDED', null);
        if (action === 'fail-authentication') return finish('FAILED', 'DECLINED');
        return html(reply, 200, authenticationPage(payment, context));
      }
      const typed = (body.cardNumber ?? '').slice(0, 40);
      const digits = cardDigits(typed);
      if (!digits) return html(reply, 422, cardPage(payment, context, 'cardRequired'));
      const card = TEST_CARDS[digits];
      if (!card) return html(reply, 422, cardPage(payment, context, 'cardNotRecognised', typed));
      if (card.outcome === 'SUCCEEDED') return finish('SUCCEEDED', null);
      if (card.outcome === 'FAILED') return finish('FAILED', card.failure);
      const moved = await moveSandboxPayment(
        app.db,
        { id: payment.id },
        ['OPEN'],
        'AWAITING_AUTHENTICATION',
        null,
        new Date(),
      );
      if (!moved) return ended();
      return reply.redirect(`${SANDBOX_PAGE_PREFIX}/${payment.id}`, 303);
    });
  };
}

/** Sends the signed notification of an outcome to the API's webhook route; a failure is logged, never thrown. */
async function notify(
  app: FastifyInstance,
  options: { webhookSecret: string; webhookPath: string },
  payment: SandboxPaymentsTable,
  type: string,
): Promise<void> {
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { paymentId: payment.idempotency_key, sandboxPaymentId: payment.id },
  });
  try {
    const response = await app.inject({
      method: 'POST',
      url: options.webhookPath,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(options.webhookSecret, body) },
      payload: body,
    });
    if (response.statusCode >= 300)
      app.log.warn({ event: 'sandbox-webhook', status: response.statusCode }, 'sandbox notification refused');
  } catch (error) {
    app.log.error({ err: error, event: 'sandbox-webhook' }, 'sandbox notification not delivered');
  }
}
