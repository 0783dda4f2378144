import { createServer, type Server } from 'node:http';
import type { Span } from '@opentelemetry/api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { activeSpan } from '../telemetry/public';
import { databaseGauges } from './gauges';
import type { WatchedJob } from './jobs';
import { recordRequest } from './metrics';
import { pageRouteMatcher } from './page-routes';
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

  /**
   * The route that answered a request, as the metrics and traces name it: the pattern of its route (the API's, or a
   * page's, see src/server/pages/page-route-registry.ts); for a page at an address its route does not match but the browser's
   * router takes (`/FAQ/`, answered by the not-found handler, see app.ts) the pattern of its route in the route
   * manifest; "not-found" for an address none has, and for such a page's 404.
   */
  const pageRouteOf = pageRouteMatcher(app.config.schemasDir);
  const routeOf = (request: FastifyRequest, statusCode: number): string => {
    const own = request.routeOptions.url;
    if (own !== undefined) return own;
    return (statusCode !== 404 && pageRouteOf(request.url.split('?')[0])) || 'not-found';
  };

  // Each request's server span, as the HTTP instrumentation opened it. A call a page makes to the API in process
  // (fastify's inject, see src/server/pages/in-process-fetch.ts) runs inside the page's span: it names none.
  const claimed = new WeakSet<Span>();
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', async (request) => {
    const span = activeSpan();
    if (!span || claimed.has(span)) return;
    claimed.add(span);
    spans.set(request, span);
    const route = request.routeOptions.url;
    if (route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    span.setAttribute('eta.request_id', request.id);
  });
  // A page the not-found handler answered is named once its answer is known: before, the route is the file server's
  // wildcard it fell from.
  app.addHook('onSend', async (request, reply, payload) => {
    const span = request.routeOptions.url === undefined ? spans.get(request) : undefined;
    if (!span) return payload;
    const route = routeOf(request, reply.statusCode);
    if (route !== 'not-found') {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    recordRequest(request.method, routeOf(request, reply.statusCode), reply.statusCode, reply.elapsedTime / 1000);
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
