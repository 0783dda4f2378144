import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setCookie } from '../../shared/set-cookie';

/**
 * Forms posted to the portal's pages carry a token against cross-site request forgery (a signed double submit): the
 * browser holds it in an HttpOnly cookie of its own, each form repeats it in a hidden field, and a post is taken only
 * when both are there, equal, and signed by this server (so a cookie planted by a neighbouring site cannot pass).
 * The session cookies are SameSite=Lax besides, so another site's form never sends them. The JSON API is not
 * concerned: it takes the session from the Authorization header, which no other site can set.
 */
export const CSRF_COOKIE = 'eta.csrf';
/** The hidden field of every form (see src/ui/form-token.ts). */
export const CSRF_FIELD = '_csrf';

const signatureOf = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');

/** Whether a token (a nonce and its signature) was made by this server. */
function signed(secret: string, token: string | undefined): token is string {
  const [nonce, signature, ...rest] = token?.split('.') ?? [];
  if (!nonce || !signature || rest.length > 0 || !/^[\w-]{22,64}$/.test(nonce)) return false;
  const expected = Buffer.from(signatureOf(secret, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page's token: the visitor's own when it holds a good one, else a new one with the cookie to set. */
export function csrfTokenFor(secret: string, cookie: string | undefined): { token: string; setCookie?: string } {
  if (signed(secret, cookie)) return { token: cookie };
  const nonce = randomBytes(24).toString('base64url');
  const token = `${nonce}.${signatureOf(secret, nonce)}`;
  return { token, setCookie: setCookie(CSRF_COOKIE, token, { httpOnly: true }) };
}

/** Whether a posted form's token matches the visitor's cookie and was signed by this server. */
export function csrfAccepted(secret: string, cookie: string | undefined, field: string | undefined): boolean {
  if (!signed(secret, cookie) || field === undefined) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(field);
  return a.length === b.length && timingSafeEqual(a, b);
}
