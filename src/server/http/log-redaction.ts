import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose values are credentials or capabilities: e-mailed keys, capture sessions, tokens, codes. */
const SECRET_QUERY = /key|token|secret|password|passwd|code|session|signature|otp|auth/i;

/**
 * Path segments that are capabilities: the capture-session identifier given to a phone by QR code, and the signed
 * token of a wallet pass's address.
 */
const SECRET_PATHS: RegExp[] = [
  /^(\/api\/eta\/biometrics\/capture-session-status\/)[^/?#]+/,
  /^(\/api\/eta\/wallet\/apple\/)[^/?#]+/,
];

/**
 * A request URL fit for the logs: capability identifiers in the path and the values of secret-looking query
 * parameters are replaced with "[redacted]"; everything else (route, other parameters) stays readable.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATHS) pathname = pathname.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return pathname;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // An undecodable name is judged as written.
      }
      return SECRET_QUERY.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}

/** The request as the logs show it: fastify's default fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version.join(',') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
