import type { FastifyRequest } from 'fastify';
import { API_PATHS } from '../../shared/contract/paths';

/**
 * What the logs and the traces show of a request's address: the one rule for both (the request log's serializer
 * below, and the span processor of src/server/telemetry/redaction.ts). Capabilities (e-mailed keys, capture
 * sessions, tokens, codes) and e-mail addresses are replaced with "[redacted]"; everything else stays readable.
 */
export const REDACTED = '[redacted]';

/** Query parameters whose values are credentials or capabilities: e-mailed keys, capture sessions, tokens, codes. */
const SECRET_QUERY = /key|token|secret|password|passwd|code|session|signature|credential|otp|auth/i;

/**
 * Paths whose next segment is a capability: the capture-session identifier given to a phone by QR code, and the
 * signed token of a wallet pass's address.
 */
const SECRET_PATH_PREFIXES = [`${API_PATHS.captureSessionStatus}/`, `${API_PATHS.wallet}/apple/`];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const SECRET_PREFIXES = SECRET_PATH_PREFIXES.map(escapeRegExp).join('|');
/**
 * The capability segment after one of the prefixes, at the start of a path. A segment that starts with ":" is a
 * route's pattern (`:captureSessionIdentifier`), no identifier: it stays readable.
 */
const SECRET_PATH = new RegExp(`^(${SECRET_PREFIXES})(?!:)[^/?#]+`, 'i');
/** The same anywhere in a text (a span's name, a message). */
const SECRET_PATH_IN_TEXT = new RegExp(`(${SECRET_PREFIXES})(?!:)[^/?#\\s"'<>]+`, 'gi');

/** A decoded part of an address that holds an e-mail address: something, an at sign, something. */
const HOLDS_ADDRESS = /[^\s@]@[^\s@]/;
/** An e-mail address in a text, its at sign written or percent-encoded. */
const ADDRESS_IN_TEXT = /[^\s@<>()[\]\\,;:"'/?&=#]+(?:@|%40)[^\s@<>()[\]\\,;:"'/?&=#]+/gi;
/** An absolute URL in a text. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
/** A parameter of a query in a text: after "?" or "&", up to the next "&", "#" or space. */
const PARAMETER_IN_TEXT = /([?&])([^=&#\s"'<>]*)=([^&#\s"'<>]*)/g;
/** The scheme and authority of an absolute URL (`https://user:pass@host:443`). */
const ORIGIN = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i;

/** A part of an address as written, decoded to judge it ("+" is a space in a query); undecodable, as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** A path with its capability segments and the segments that hold an e-mail address redacted. */
export function redactPath(pathname: string): string {
  return pathname
    .replace(SECRET_PATH, `$1${REDACTED}`)
    .split('/')
    .map((segment) => (HOLDS_ADDRESS.test(decoded(segment)) ? REDACTED : segment))
    .join('/');
}

/**
 * A query (without its "?") with the values of secret-looking parameters and every value that holds an e-mail
 * address redacted; parameter names and other values stay as written.
 */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return HOLDS_ADDRESS.test(decoded(pair)) ? REDACTED : pair;
      const name = pair.slice(0, equals);
      const secret = SECRET_QUERY.test(decoded(name)) || HOLDS_ADDRESS.test(decoded(pair.slice(equals + 1)));
      return secret ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A request URL fit for the logs and traces, as a path (`/reset-password?authKey=…`) or absolute
 * (`https://portal.example/…`): capability identifiers and e-mail addresses in the path, the values of
 * secret-looking query parameters and of parameters that hold an e-mail address, and the user and password of an
 * absolute URL are replaced with "[redacted]"; everything else (route, other parameters) stays readable.
 */
export function redactUrl(url: string): string {
  let origin = '';
  let rest = url;
  const absolute = ORIGIN.exec(url);
  if (absolute) {
    const authority = absolute[2];
    const at = authority.lastIndexOf('@');
    origin = absolute[1] + (at === -1 ? authority : `${REDACTED}${authority.slice(at)}`);
    rest = url.slice(absolute[0].length);
  }
  const hashAt = rest.indexOf('#');
  // A fragment is never sent to a server, but a URL written whole may carry one (`#access_token=…`).
  const fragment = hashAt === -1 ? '' : `#${redactQuery(rest.slice(hashAt + 1))}`;
  if (hashAt !== -1) rest = rest.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  const pathname = redactPath(queryAt === -1 ? rest : rest.slice(0, queryAt));
  const query = queryAt === -1 ? '' : `?${redactQuery(rest.slice(queryAt + 1))}`;
  return `${origin}${pathname}${query}${fragment}`;
}

/**
 * Any other text that may quote an address (a span's name or attribute, an error's message): URLs in it as
 * redactUrl writes them, capability paths, secret query parameters and e-mail addresses redacted.
 */
export function redactText(text: string): string {
  return text
    .replace(URL_IN_TEXT, (url) => redactUrl(url))
    .replace(SECRET_PATH_IN_TEXT, `$1${REDACTED}`)
    .replace(PARAMETER_IN_TEXT, (pair, lead: string, name: string, value: string) =>
      SECRET_QUERY.test(decoded(name)) || HOLDS_ADDRESS.test(decoded(value)) ? `${lead}${name}=${REDACTED}` : pair,
    )
    .replace(ADDRESS_IN_TEXT, REDACTED);
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
