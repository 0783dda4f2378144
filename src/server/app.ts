import Negotiator from 'negotiator';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { buildAreas, decorateAreas } from './areas';
import { createMrzReader, type MrzReader } from './passport-mrz/reader';
import { type AppConfig, PUBLIC_SETTING_KEYS } from './config';
import type { Db } from './db/database';
import { ERROR_CODES, REQUEST_ERROR_CODES } from '../shared/contract';
import { errorBody } from './errors';
import { housekeepingPlugin } from './housekeeping/plugin';
import { registerBoundedJsonParser } from './http/bounded-json';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors';
import { serializeRequest } from './http/log-redaction';
import { trackRouteMethods } from './http/method-not-allowed';
import { proxyTrust } from './http/trusted-proxies';
import { LOCALES_DIR, languageOf, translate } from './i18n';
import { loadPagePaths, type PagePaths } from './lib/page-paths';
import { routes } from './routes/index';
import { systemPlugin } from './system/plugin';
import { currentRequestId, requestIdOf } from './system/request-id';
import { currentTraceId } from './telemetry/public';
import { isServerPath, securityHeaders } from './security-headers';
import { createPageHandler } from './pages/page-handler';
import { registerPageRoutes } from './pages/page-route-registry';
import { ASSETS_PREFIX, servePortalFiles } from './static/portal-files';
import { answerError } from './http/error-handler';
import { createPortalPages } from './static/portal-page';
import type { ServerEntry } from './static/server-entry';
import { registerValidation } from './validation/index';
import { createAfterAnswerQueue, type AfterAnswerQueue } from './http/after-answer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration the app was built with. */
    config: AppConfig;
    /** The database (already migrated). */
    db: Db;
    /** Reads the machine-readable zone of passport photos, made once (worker threads started on first use). */
    mrzReader: MrzReader;
    /** The addresses of the portal pages the server links to, from the route manifest of config.schemasDir. */
    pagePaths: PagePaths;
    /** Work requests leave to run after their answers (e-mails), awaited when the app closes. */
    afterAnswer: AfterAnswerQueue;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** A pino-compatible logger to use; `false` for none; default: JSON logs at config.logLevel. */
  logger?: FastifyBaseLogger | false;
  /** Where the default JSON logs go (default stdout). */
  logStream?: { write(line: string): void };
  /** Serve the built portal from config.distDir (default true; the dev server leaves pages to Vite). */
  servePortal?: boolean;
  /** Route plugins registered after the registry's (tests use it for routes of their own). */
  plugins?: FastifyPluginAsync[];
  /** Runs when the app closes, after in-flight requests finished (e.g. to close the database). */
  onClose?: () => Promise<void>;
  /** Reads passport photos' MRZ (default: a reader of the app's own, closed with it; tests give one). */
  mrzReader?: MrzReader;
  /** Loads the server-side entry that renders the pages (default: the build's, in config.distDir; tests give the source). */
  loadServerEntry?: () => Promise<ServerEntry | undefined>;
}

// Parts of a request or answer that carry credentials never reach the logs.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/**
 * Every log line written while a request is answered names it (reqId), also those written through the app's logger
 * rather than the request's own, and the trace it belongs to when tracing is on (traceId).
 */
function logMixin(_merge: object, _level: number, logger: { bindings(): Record<string, unknown> }): object {
  const reqId = currentRequestId();
  const traceId = currentTraceId();
  if (reqId === undefined) return traceId ? { traceId } : {};
  const own = 'reqId' in logger.bindings();
  return { ...(own ? {} : { reqId }), ...(traceId ? { traceId } : {}) };
}

/**
 * Browsers ask for text/html; a client that accepts anything (curl, a load balancer's probe) gets the page too, and
 * one that refuses HTML (`text/html;q=0`) does not, as HTTP's content negotiation reads the Accept header.
 */
function acceptsHtml(request: FastifyRequest): boolean {
  return new Negotiator(request).mediaType(['text/html']) !== undefined;
}

/** Builds the reference API (and the portal's static server) on a migrated database; returns it ready. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db, servePortal = true } = options;
  if (!config.jwtSecret) throw new Error('config.jwtSecret is empty: resolve it with ensureJwtSecret(config) first');

  const app = Fastify({
    ...(options.logger === undefined
      ? {
          logger: {
            level: config.logLevel,
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            // Capture-session identifiers and e-mailed keys in URLs are credentials too.
            serializers: { req: serializeRequest },
            mixin: logMixin,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
        }
      : options.logger === false
        ? { logger: false }
        : { loggerInstance: options.logger }),
    bodyLimit: config.bodyLimit,
    trustProxy: proxyTrust(config.trustProxy),
    // A trusted proxy's X-Request-Id, else a new UUID (system/request-id.ts).
    genReqId: requestIdOf(config.trustProxy),
    // Answers given before routing (an over-long path parameter, an unparsable request) keep the error shape.
    frameworkErrors: frameworkErrorHandler(config.publicSettings.API_URL),
    clientErrorHandler: clientErrorHandler(config.publicSettings.API_URL),
  });

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('pagePaths', loadPagePaths(config.schemasDir));
  decorateAreas(app, buildAreas(db, config));
  const mrzReader = options.mrzReader ?? createMrzReader();
  app.decorate('mrzReader', mrzReader);
  if (!options.mrzReader) app.addHook('onClose', async () => mrzReader.close());
  const afterAnswer = createAfterAnswerQueue();
  app.decorate('afterAnswer', afterAnswer);
  app.addHook('onClose', async () => afterAnswer.settled());
  // `request.cookies` for every route: pages (the session, the form token, the language) and the API's own cookies.
  await app.register(fastifyCookie);

  // Request ids, per-route metrics and trace names, readiness and jobs, before any route (system/plugin.ts).
  await app.register(systemPlugin);
  registerValidation(app, { schemasDir: config.schemasDir });
  registerBoundedJsonParser(app);
  const allowedMethods = trackRouteMethods(app);

  // While closing, answers ask keep-alive clients to hang up, so the server need not wait for idle sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  const headers = Object.entries(securityHeaders(config.publicSettings.API_URL));
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of headers) reply.header(name, value);
    if (closing || app.readiness.draining) reply.header('connection', 'close');
    if (isServerPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler(answerError);

  const indexFile = path.join(config.distDir, 'index.html');
  if (servePortal) {
    if (!existsSync(indexFile)) {
      app.log.warn(
        `The portal is not built: ${indexFile} does not exist. Run "npm run build"; pages answer 503 until then.`,
      );
    }
    await servePortalFiles(app, config.distDir);
  }

  const portalPages = createPortalPages({
    distDir: config.distDir,
    schemasDir: config.schemasDir,
    localesDir: LOCALES_DIR,
    settings: PUBLIC_SETTING_KEYS.map((key) => ({ key, value: config.publicSettings[key] })),
    onRenderError: (error) => app.log.error({ err: error }, 'The portal could not be rendered'),
    loadEntry: options.loadServerEntry,
  });
  const handlePage = createPageHandler(app, {
    portal: portalPages,
    settings: PUBLIC_SETTING_KEYS.map((key) => ({ key, value: config.publicSettings[key] })),
    secret: config.jwtSecret,
    bodyLimit: config.bodyLimit,
    // Both photos in one form, or one supporting document, with room for the form's other fields.
    uploadLimit: Math.max(2 * config.capture.maxUploadBytes, config.documents.maxFileBytes) + 256 * 1024,
  });
  const sendPortal = async (request: FastifyRequest, reply: FastifyReply, lang: string) => {
    if (servePortal) return handlePage(request, reply, lang);
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(translate(lang, 'api:errors.portalNotBuilt'));
  };

  const asksForPage = (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0];
    return (
      !isServerPath(pathname) &&
      !pathname.startsWith(ASSETS_PREFIX) &&
      // A missing file (robots.txt, an old script) is a 404, never the page.
      !/\.[a-z0-9]+$/i.test(pathname) &&
      acceptsHtml(request)
    );
  };
  app.setNotFoundHandler((request, reply) => {
    const lang = languageOf(request);
    const pathname = request.url.split('?')[0];
    // A page, or a form posted to its page (read by the page's route, see src/server/pages/), at an address the
    // pages' own routes do not match (another letter case, an unknown address: the portal's 404 page).
    if (asksForPage(request) && ['GET', 'HEAD', 'POST'].includes(request.method))
      return sendPortal(request, reply, lang);
    const { allowed, parameterTooLong } = allowedMethods(request.method, pathname);
    if (parameterTooLong)
      return reply.code(414).send(errorBody(lang, REQUEST_ERROR_CODES.uriTooLong, 'api:errors.uriTooLong'));
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBody(lang, ERROR_CODES.methodNotAllowed, 'api:errors.methodNotAllowed'));
    }
    return reply.code(404).send(errorBody(lang, ERROR_CODES.notFound, 'api:errors.notFound'));
  });

  for (const plugin of [...routes, ...(options.plugins ?? [])]) await app.register(plugin);
  // Each page of the route manifest is a route of its own, named in metrics and traces (pages/page-route-registry.ts).
  await registerPageRoutes(app, {
    schemasDir: config.schemasDir,
    asksForPage,
    serve: (request, reply) => sendPortal(request, reply, languageOf(request)),
  });
  await app.register(housekeepingPlugin);

  const { onClose } = options;
  if (onClose) app.addHook('onClose', async () => onClose());

  await app.ready();
  return app;
}
