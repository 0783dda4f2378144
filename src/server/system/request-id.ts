import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { fromTrustedProxy, proxyTrust, type TrustedProxies } from '../http/trusted-proxies';

/** The header a request's id is answered in, and read from a trusted proxy. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's request id may look like: printable, no spaces or quotes, at most 128 characters. */
const ACCEPTED_ID = /^[A-Za-z0-9._:@=+/-]{1,128}$/;

/** The request being answered: its id and its route's pattern (for the database's metrics per route). */
const requests = new AsyncLocalStorage<{ id: string; route: string }>();

/**
 * fastify's `genReqId`: the X-Request-Id a trusted proxy (TRUST_PROXY) sent, so that the proxy's log and ours name a
 * request alike, else a new UUID. The header is taken only when the connection comes from a proxy TRUST_PROXY trusts,
 * the same rule as for the client's address: anyone else could name their requests after someone else's.
 */
export function requestIdOf(proxies: TrustedProxies) {
  const trust = proxyTrust(proxies);
  return (request: IncomingMessage): string => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && ACCEPTED_ID.test(incoming) && fromTrustedProxy(trust, request)) return incoming;
    return randomUUID();
  };
}

/** The id of the request being answered, wherever in its work the caller is (undefined outside a request). */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.id;
}

/** The pattern of the route being answered ("background" outside a request: jobs, start-up). */
export function currentRoute(): string {
  return requests.getStore()?.route ?? 'background';
}

/** Whether `payload` is an error answer of the API (`{ error, code, fields? }`). */
function isErrorBody(payload: unknown): payload is Record<string, unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    typeof (payload as { error?: unknown }).error === 'string' &&
    typeof (payload as { code?: unknown }).code === 'string'
  );
}

/**
 * Every answer carries its request's id in X-Request-Id, and an answer of a server error (5xx: a failure, the
 * database unreachable) in its body too (`requestId`), the one a user reports, so that the report or a proxy's log
 * leads to the server's log lines of that request. Answers of the caller's own mistakes (4xx) keep their body as it
 * is: the same for everyone, which the account calls need (no answer may tell one account from another). The
 * request's work runs with its id at hand (currentRequestId), for log lines written outside the request's logger.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requests.run({ id: request.id, route: request.routeOptions.url ?? 'not-found' }, done);
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 500 || !isErrorBody(payload) || 'requestId' in payload) return payload;
    return { ...payload, requestId: request.id };
  });
}
