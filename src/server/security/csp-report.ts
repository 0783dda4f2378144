import type { FastifyPluginAsync } from 'fastify';
import { ERROR_CODES } from '../../shared/contract';
import { ipBucket, recordEvent, throttleState, type ThrottleRule } from '../accounts/public';
import { ApiError } from '../errors';
import { loadRouteSchemas } from '../openapi/public';
import { CSP_REPORT_PATH } from '../security-headers';

/** A report is a few hundred bytes; a batch of the Reporting API a few kilobytes. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
/** Reports per client address and minute: a page that breaks the policy in a loop must not fill the logs. */
export const CSP_REPORT_RULE: ThrottleRule = { limit: 30, windowSeconds: 60 };
/** Violations logged from one request at most. */
const MAX_LOGGED = 10;

type Json = Record<string, unknown>;

const schemaOf = loadRouteSchemas(new URL('./route-schemas.json', import.meta.url));

/**
 * Where a URL points, without what could name a person or carry a credential: its origin and path for http(s)
 * (no query, no fragment, no user), else the keyword a browser reports ("inline", "eval", "data", ...).
 */
function placeOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`.slice(0, 300);
    return url.protocol.replace(/:$/, '');
  } catch {
    return value.replace(/[^a-z-]/gi, '').slice(0, 40) || undefined;
  }
}

const text = (value: unknown, max = 60) => (typeof value === 'string' ? value.slice(0, max) : undefined);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The violations a body holds, as logged: the directive, what was blocked and where, never the sample of the
 * blocked code, the referrer or the page's query (which may hold a person's data or a key).
 * `application/csp-report` (report-uri) sends `{ "csp-report": { "document-uri", ... } }`; `application/reports+json`
 * (report-to) an array of `{ type: "csp-violation", body: { documentURL, ... } }`.
 */
export function violationsOf(body: unknown): Json[] | undefined {
  if (Array.isArray(body)) {
    return body
      .filter((report): report is Json => typeof report === 'object' && report !== null)
      .filter((report) => report.type === 'csp-violation' && typeof report.body === 'object' && report.body !== null)
      .map((report) => {
        const v = report.body as Json;
        return {
          directive: text(v.effectiveDirective),
          blocked: placeOf(v.blockedURL),
          document: placeOf(v.documentURL),
          source: placeOf(v.sourceFile),
          line: number(v.lineNumber),
          column: number(v.columnNumber),
          disposition: text(v.disposition, 10),
        };
      });
  }
  const legacy = typeof body === 'object' && body !== null ? (body as Json)['csp-report'] : undefined;
  if (typeof legacy !== 'object' || legacy === null) return undefined;
  const v = legacy as Json;
  return [
    {
      directive: text(v['effective-directive'] ?? v['violated-directive']),
      blocked: placeOf(v['blocked-uri']),
      document: placeOf(v['document-uri']),
      source: placeOf(v['source-file']),
      line: number(v['line-number']),
      column: number(v['column-number']),
      disposition: text(v.disposition, 10),
    },
  ];
}

const badRequest = () => new ApiError(400, ERROR_CODES.badRequest, 'api:errors.badRequest');

/**
 * POST /api/eta/csp-report: where browsers send the Content-Security-Policy's violations (report-uri and
 * report-to). No sign-in; bounded in size, limited per client address, logged at warn, answered 204.
 */
export const cspReportRoutes: FastifyPluginAsync = async (app) => {
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest(), undefined);
      }
    });
  }

  // The body is described, not validated by a schema: its two forms are read by violationsOf.
  app.post(
    CSP_REPORT_PATH,
    { bodyLimit: CSP_REPORT_BODY_LIMIT, schema: schemaOf('reportCspViolation') },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (type !== 'application/csp-report' && type !== 'application/reports+json') throw badRequest();
      const now = new Date();
      const bucket = ipBucket('csp-report', request.ip);
      const state = await throttleState(app.db, bucket, CSP_REPORT_RULE, now);
      if (state.limited)
        throw new ApiError(429, ERROR_CODES.tooManyRequests, 'api:errors.tooManyRequests', {
          retryAfterSeconds: state.retryAfterSeconds,
        });
      const violations = violationsOf(request.body);
      if (!violations) throw badRequest();
      await recordEvent(app.db, bucket, CSP_REPORT_RULE, now);
      for (const violation of violations.slice(0, MAX_LOGGED))
        request.log.warn({ event: 'csp-violation', ...violation }, 'Content-Security-Policy violation reported');
      return reply.code(204).send();
    },
  );
};
