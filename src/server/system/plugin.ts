import { createServer, type Server } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { activeSpan } from '../telemetry/public';
import { databaseGauges } from './gauges';
import type { WatchedJob } from './jobs';
import { recordRequest } from './metrics';
import { registerRequestIds } from './request-id';
import { hasBearer, metricsOf } from './routes';

/**
 * What every request goes through for operations: its id (X-Request-Id, in error answers and log lines), its
 * count and latency per route in the metrics, its route named on its trace; the instance's readiness state and
 * background jobs; and the metrics port of its own (METRICS_PORT) when one is configured. Registered before every
 * route.
 */
export const systemPlugin: FastifyPluginAsync = async (app) => {
  app.decorate('jobs', new Map<string, WatchedJob>());
  app.decorate('readiness', { draining: false });
  registerRequestIds(app);

  app.addHook('onRequest', async (request) => {
    const span = activeSpan();
    if (!span) return;
    const route = request.routeOptions.url;
    if (route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    span.setAttribute('eta.request_id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    recordRequest(request.method, request.routeOptions.url ?? 'not-found', reply.statusCode, reply.elapsedTime / 1000);
  });

  const { port, host, token } = app.config.metrics;
  if (port === undefined) return;
  const gauges = databaseGauges(app.db);
  let server: Server | undefined;
  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      if (token && !hasBearer(request, token)) {
        response.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain' }).end('unauthorized\n');
        return;
      }
      metricsOf(gauges).then(
        (text) => response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be collected');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, host, () => resolve());
    });
    app.log.info({ port, host }, 'metrics served on a port of their own');
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
};

// Its hooks and decorations apply to the whole app, not an encapsulated child.
Object.assign(systemPlugin, { [Symbol.for('skip-override')]: true });
