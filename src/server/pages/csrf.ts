import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../shared/session-cookies';
import { setCookie } from '../../shared/set-cookie';
import { readAccessToken } from '../accounts/access-token';
import { sessionOfRefreshToken } from '../accounts/tokens';

/**
 * Forms posted to the portal's pages carry a token against cross-site request forgery (a signed double submit): the
 * browser holds it in an HttpOnly cookie of its own, each form repeats it in a hidden field, and a post is taken only
 * when both are there, equal, and signed by this server for the visitor's session (so neither a cookie planted by a
 * neighbouring site nor a token made for another visitor, or before signing in, can pass). Signing in or out changes
 * the session, so the answer carries a new token. Served over https the cookie is `__Host-` (Secure, Path=/, no
 * Domain: no other host can set it), and a request that carries it twice (one planted beside the portal's own) is
 * refused. The session cookies are SameSite=Lax besides, so another site's form never sends them. The JSON API is
 * not concerned: it takes the session from the Authorization header, which no other site can set.
 */
export const CSRF_COOKIE = 'eta.csrf';
/** The cookie's name where the portal is served over https. */
export const HOST_CSRF_COOKIE = `__Host-${CSRF_COOKIE}`;
/** The hidden field of every form (see src/ui/form-token.ts). */
export const CSRF_FIELD = '_csrf';
/** What a token is bound to without a session. */
const ANONYMOUS = 'anonymous';

/** The token cookie's name: `__Host-` where the portal is served over https, plain over http (local development). */
export const csrfCookieName = (https: boolean) => (https ? HOST_CSRF_COOKIE : CSRF_COOKIE);

/**
 * Whether a page request is served over https: the request's own protocol (a trusted proxy's X-Forwarded-Proto), or
 * the portal's public address (PUBLIC_URL), which a proxy in front of it may reach over https without saying so.
 */
export function servedOverHttps(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

/** Every value the raw `Cookie` header gives the cookie `name` (a browser may send two of one name). */
export function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim();
    try {
      values.push(decodeURIComponent(raw));
    } catch {
      values.push(raw);
    }
  }
  return values;
}

const signatureOf = (secret: string, binding: string, nonce: string) =>
  createHmac('sha256', secret).update(`csrf:${binding}:${nonce}`).digest('base64url');

/** Whether a token (a nonce and its signature) was made by this server for `binding`. */
function signed(secret: string, binding: string, token: string | undefined): token is string {
  const [nonce, signature, ...rest] = token?.split('.') ?? [];
  if (!nonce || !signature || rest.length > 0 || !/^[\w-]{22,64}$/.test(nonce)) return false;
  const expected = Buffer.from(signatureOf(secret, binding, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a session's access token says of its family, when this server signed it and it has not run out. */
async function bindingOfAccessToken(secret: string, accessToken: string): Promise<string | undefined> {
  const claims = await readAccessToken({ jwtSecret: secret, accessTokenTtlSeconds: 0 }, accessToken, new Date());
  return claims && `session:${claims.sessionId}`;
}

/**
 * What the visitor's token is bound to: the session family of its cookies (the same through every refresh of the
 * access token, a new one at each sign-in), read from the access token, or from the refresh token when the access
 * token has run out; "anonymous" without a session.
 */
export async function sessionBinding(
  app: FastifyInstance,
  secret: string,
  cookies: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const accessToken = cookies[AUTH_TOKEN_COOKIE];
  const fromAccess = accessToken ? await bindingOfAccessToken(secret, accessToken) : undefined;
  if (fromAccess) return fromAccess;
  const refreshToken = cookies[REFRESH_TOKEN_COOKIE];
  const family = refreshToken ? await sessionOfRefreshToken(app.db, refreshToken) : undefined;
  return family ? `session:${family.sessionId}` : ANONYMOUS;
}

/** The page's token and what it was made for. */
export interface PageCsrf {
  token: string;
  /** The cookie to set, when the token is new. */
  setCookie?: string;
  binding: string;
  https: boolean;
}

function newToken(secret: string, binding: string, https: boolean): PageCsrf {
  const nonce = randomBytes(24).toString('base64url');
  const token = `${nonce}.${signatureOf(secret, binding, nonce)}`;
  return { token, binding, https, setCookie: setCookie(csrfCookieName(https), token, { httpOnly: true }) };
}

/**
 * The page's token: the visitor's own when its one cookie holds a good one for the visitor's session, else a new one
 * with the cookie to set.
 */
export async function csrfTokenFor(app: FastifyInstance, request: FastifyRequest, secret: string): Promise<PageCsrf> {
  const https = servedOverHttps(request, app.config.publicUrl);
  const binding = await sessionBinding(app, secret, request.cookies);
  const held = cookieValues(request.headers.cookie, csrfCookieName(https));
  if (held.length === 1 && signed(secret, binding, held[0])) return { token: held[0], binding, https };
  return newToken(secret, binding, https);
}

/**
 * Whether a posted form's token matches the visitor's one token cookie and was signed by this server for the
 * visitor's session (`csrf`, as csrfTokenFor found it for this request).
 */
export function csrfAccepted(
  secret: string,
  csrf: Pick<PageCsrf, 'binding' | 'https'>,
  cookieHeader: string | undefined,
  field: string | undefined,
): boolean {
  const held = cookieValues(cookieHeader, csrfCookieName(csrf.https));
  if (held.length !== 1 || !signed(secret, csrf.binding, held[0]) || field === undefined) return false;
  const a = Buffer.from(held[0]);
  const b = Buffer.from(field);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The value of the last `Set-Cookie` header for `name` among `headers`, when there is one. */
function lastSet(headers: readonly string[], name: string): string | undefined {
  const found = headers.findLast((header) => header.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1).split(';')[0]);
}

/**
 * A new token when the answer's cookies change the session (a sign-in starts one, a sign-out or a refused refresh
 * ends it): the token the request came with is bound to the session it had, and the next form must carry one the
 * next post accepts. Undefined when the session stays as it was (a refresh keeps its family).
 */
export async function csrfRenewed(
  secret: string,
  csrf: PageCsrf,
  cookiesOut: readonly string[],
): Promise<PageCsrf | undefined> {
  const accessToken = lastSet(cookiesOut, AUTH_TOKEN_COOKIE);
  const refreshToken = lastSet(cookiesOut, REFRESH_TOKEN_COOKIE);
  let binding = csrf.binding;
  if (accessToken) binding = (await bindingOfAccessToken(secret, accessToken)) ?? ANONYMOUS;
  else if (accessToken === '' || refreshToken === '') binding = ANONYMOUS;
  return binding === csrf.binding ? undefined : newToken(secret, binding, csrf.https);
}
