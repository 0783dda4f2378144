import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { startPaymentBodySchemaFor } from '../../shared/contract';
import { inOfferOrder } from '../../shared/languages';
import { authenticate } from '../accounts/public';
import { availableLanguages, languageOf } from '../i18n';
import { loadRouteSchemas, type RouteSchemaTypes } from '../openapi/public';
import { ensureWebhookSecret, loadPaymentsConfig } from './config';
import { sendSubmissionMail } from './mail';
import { providerNamed } from './providers';
import { tracedProvider } from './traced-provider';
import { createPaymentsService, type Caller } from './service';
import { API_PATHS } from '../../shared/contract';

const APPLICATION = `${API_PATHS.applications}/:guid`;
/** Providers notify the API here, one address per provider. */
export const WEBHOOK_PREFIX = `${API_PATHS.payments}/webhook`;

/** The schema each route declares (validation and description), by operationId. */
const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

const callerOf = (request: FastifyRequest): Caller => ({ profileId: request.profileId, lang: languageOf(request) });

/**
 * Payment and submission: the payment overview, starting a payment at the provider, confirming it after the
 * provider's page, the submitted application, and the provider's signed notifications. The provider is chosen by
 * PAYMENT_PROVIDER from providers.ts and may serve pages of its own (the sandbox's card page).
 */
export const paymentRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<RouteSchemaTypes>();
  const config = loadPaymentsConfig();
  const webhookSecret = await ensureWebhookSecret(app.config.dataDir);
  const definition = providerNamed(config.provider);
  const webhookPath = `${WEBHOOK_PREFIX}/${definition.name}`;
  const { provider, routes: providerRoutes } = definition.create({ app, webhookSecret, webhookPath });
  const payments = createPaymentsService(
    {
      db: app.db,
      repository: app.repositories.payments,
      provider: tracedProvider(provider),
      config,
      portalUrl: app.config.publicSettings.FRONT_END_URL,
      pagePaths: app.pagePaths,
      log: app.log,
      onSubmitted: (submission) => sendSubmissionMail(app, submission),
    },
    app.lifecycle,
  );

  if (providerRoutes) await app.register(providerRoutes);

  // The signature covers the bytes as sent, so this route reads its body as text before anything parses it.
  await app.register(async (child) => {
    const webhooks = child.withTypeProvider<RouteSchemaTypes>();
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhooks.post(webhookPath, { schema: schemaOf('sandboxPaymentWebhook') }, async (request) =>
      payments.webhook(typeof request.body === 'string' ? request.body : '', request.headers),
    );
  });

  await app.register(async (child) => {
    const signedIn = child.withTypeProvider<RouteSchemaTypes>();
    signedIn.addHook('onRequest', authenticate);

    signedIn.get(`${APPLICATION}/payment`, { schema: schemaOf('getPaymentOverview') }, async (request) =>
      payments.overview(callerOf(request), request.params.guid),
    );

    signedIn.post(
      `${APPLICATION}/payment`,
      { schema: schemaOf('startPayment', { body: startPaymentBodySchemaFor(inOfferOrder(availableLanguages())) }) },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const { created, answer } = await payments.start(
          callerOf(request),
          request.params.guid,
          typeof key === 'string' ? key.trim() : undefined,
          request.body ?? {},
        );
        reply.code(created ? 201 : 200);
        return answer;
      },
    );

    signedIn.post(`${APPLICATION}/payment/confirm`, { schema: schemaOf('confirmPayment') }, async (request) =>
      payments.confirm(callerOf(request), request.params.guid),
    );

    signedIn.get(`${APPLICATION}/submission`, { schema: schemaOf('getSubmission') }, async (request) =>
      payments.submission(callerOf(request), request.params.guid),
    );
  });
};
