import Negotiator from 'negotiator';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { buildAreas, decorateAreas } from './areas';
import { createMrzReader, type MrzReader } from './passport-mrz/reader';
import { type AppConfig, PUBLIC_SETTING_KEYS } from './config';
import { isDatabaseUnavailable, type Db } from './db/database';
import { ERROR_CODES, REQUEST_ERROR_CODES } from '../shared/contract';
import { ApiError, errorBody } from './errors';
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
import { loadAssetFiles, registerAssetFiles } from './static/asset-files';
import { createPortalPages } from './static/portal-page';
import type { ServerEntry } from './static/server-entry';
import { registerValidation, validationErrorBody } from './validation/index';

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

const BAD_REQUEST_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

const ASSETS_PREFIX = '/assets/';
/** Where the build writes the server itself (serverBundlePlugin in vite.config.ts), under the portal's files. */
const SERVER_BUILD_PREFIX = '/server/';
/** Files under assets/ carry a content hash in their name, so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Retry-After of a 503 answered while the database cannot be reached: a restart or fail-over takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

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

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = languageOf(request);
    if (error instanceof ApiError) {
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.options.retryAfterSeconds))));
      }
      const body = errorBody(lang, error.code, error.messageKey, error.options.vars);
      return reply.code(error.statusCode).send(error.options.fields ? { ...body, fields: error.options.fields } : body);
    }
    if (error.validation) {
      request.log.info({ validationContext: error.validationContext }, 'request failed validation');
      // A path that its parameters' schemas refuse names nothing: the answer of an unknown address.
      if (error.validationContext === 'params')
        return reply.code(404).send(errorBody(lang, ERROR_CODES.notFound, 'api:errors.notFound'));
      return reply.code(400).send(validationErrorBody(error, lang));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.code(413).send(errorBody(lang, ERROR_CODES.payloadTooLarge, 'api:errors.payloadTooLarge'));
    }
    if (error.statusCode === 429) {
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.code(429).send(errorBody(lang, ERROR_CODES.tooManyRequests, 'api:errors.tooManyRequests'));
    }
    if (
      BAD_REQUEST_CODES.has(error.code) ||
      (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
    ) {
      request.log.info({ code: error.code, reason: error.message }, 'bad request');
      return reply.code(400).send(errorBody(lang, ERROR_CODES.badRequest, 'api:errors.badRequest'));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or failing over: nothing was done, and the same call works again shortly.
      request.log.error({ err: error, event: 'database-unavailable' }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody(lang, ERROR_CODES.serviceUnavailable, 'api:errors.serviceUnavailable'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(lang, ERROR_CODES.internal, 'api:errors.internal'));
  });

  const indexFile = path.join(config.distDir, 'index.html');
  if (servePortal) {
    if (!existsSync(indexFile)) {
      app.log.warn(
        `The portal is not built: ${indexFile} does not exist. Run "npm run build"; pages answer 503 until then.`,
      );
    }
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: '/',
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies of every text file (tools/build/precompress.ts): they are sent
      // as they are, with Content-Encoding and Vary: Accept-Encoding, to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      // Folders (a path ending in "/") are pages of the portal, answered by the fallback below. The server's own
      // build (dist/server: its code and source maps) is never sent.
      allowedPath: (pathname) =>
        !pathname.endsWith('/') && !path.posix.normalize(pathname).startsWith(SERVER_BUILD_PREFIX),
      setHeaders: (res, filePath) => {
        const relative = path.relative(config.distDir, filePath).split(path.sep).join('/');
        // The same address answers brotli, gzip or plain bytes depending on the request's Accept-Encoding.
        res.setHeader('vary', 'Accept-Encoding');
        res.setHeader('cache-control', `/${relative}`.startsWith(ASSETS_PREFIX) ? IMMUTABLE : 'no-cache');
      },
    });
    // The hashed files themselves from memory, read once here; the file server above answers the rest.
    registerAssetFiles(app, {
      prefix: ASSETS_PREFIX,
      files: await loadAssetFiles(path.join(config.distDir, ASSETS_PREFIX)),
      cacheControl: IMMUTABLE,
    });
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
