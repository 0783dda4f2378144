import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import type { Setting } from '../../shared/contract';
import { PUBLIC_SETTING_KEYS } from '../config';
import { ERROR_CODES } from '../../shared/contract';
import { errorBody } from '../errors';
import { languageOf } from '../i18n';
import { databaseGauges } from './gauges';
import { metricsRegistry } from './metrics';
import { CHECK_TIMEOUT_MS, createReadiness, within } from './readiness';
import { systemRepository } from './repository';

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasBearer(request: Pick<FastifyRequest, 'headers'>, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The metrics of this process and of its database, in Prometheus's text format. */
export function metricsOf(gauges: Registry): Promise<string> {
  return Registry.merge([metricsRegistry, gauges]).metrics();
}

/**
 * GET /health (the database answers a real query), GET /health/live (the process answers), GET /health/ready
 * (readiness.ts: this instance may be sent requests; what each check found only to the bearer of METRICS_TOKEN),
 * GET /envs (runtime settings) and GET /metrics (Prometheus, only with METRICS_TOKEN as a bearer token; see
 * plugin.ts for the metrics port of its own).
 */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (request, reply) => {
    try {
      await within(systemRepository(app.db).ping(), CHECK_TIMEOUT_MS, 'the database');
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({
        status: 'error',
        database: 'error',
        ...errorBody(languageOf(request), ERROR_CODES.serviceUnavailable, 'api:errors.serviceUnavailable'),
      });
    }
  });

  // Liveness: the process runs and its event loop turns; restart it when this stops answering, never for a database.
  app.get('/health/live', async () => ({ status: 'ok' }));

  const token = app.config.metrics.token;
  const readiness = createReadiness({ app, db: app.db, storage: app.objects });
  // Anyone may ask whether the instance is ready, and hears that and nothing more: what each check found (the
  // database's and the object store's errors, the jobs) is for the operators, who hold the metrics token.
  app.get('/health/ready', async (request, reply) => {
    const report = await readiness();
    const detailed = token ? hasBearer(request, token) : false;
    if (report.ready) return detailed ? { status: 'ready', checks: report.checks } : { status: 'ready' };
    if (!app.readiness.draining) request.log.warn({ checks: report.checks }, 'not ready');
    if (!detailed) return reply.code(503).send({ status: 'not-ready' });
    return reply.code(503).send({
      status: 'not-ready',
      checks: report.checks,
      ...errorBody(languageOf(request), ERROR_CODES.serviceUnavailable, 'api:errors.serviceUnavailable'),
    });
  });

  const gauges = databaseGauges(app.db);
  app.get('/metrics', async (request, reply) => {
    const lang = languageOf(request);
    if (!token) return reply.code(404).send(errorBody(lang, ERROR_CODES.notFound, 'api:errors.notFound'));
    if (!hasBearer(request, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody(lang, ERROR_CODES.unauthorized, 'api:errors.unauthorized'));
    }
    reply.header('cache-control', 'no-store').type(metricsRegistry.contentType);
    return metricsOf(gauges);
  });

  const settings: Setting[] = PUBLIC_SETTING_KEYS.map((key) => ({ key, value: app.config.publicSettings[key] }));
  app.get('/envs', async () => settings);
};
