/**
 * The session's cookies (the specification's authToken and refreshToken, with their expiry dates): the browser sets
 * them after signing in with its scripts (src/api/auth/tokens.ts), the server with the answer to a sign-in form
 * posted without them, or when it refreshes a session for a page (src/server/pages/session.ts). Not HttpOnly: the
 * browser's scripts send the access token as a bearer header.
 */
import type { TokenInfo } from './contract';
import { removeCookie, setCookie } from './set-cookie';

export const AUTH_TOKEN_COOKIE = 'authToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const AUTH_TOKEN_EXPIRY_COOKIE = 'authTokenExpiryDate';
/** Lets the session warning know when the refresh token, and so the session, runs out. */
export const REFRESH_TOKEN_EXPIRY_COOKIE = 'refreshTokenExpiryDate';
/**
 * Set with the session and kept until the browser closes (or sign-out removes it with the others): when it comes
 * without the session's cookies, the session ran out meanwhile, and the server says so on the sign-in page it sends
 * the visitor to (a page without scripts has no session warning).
 */
export const SESSION_MARK_COOKIE = 'eta.session';

export const SESSION_COOKIE_NAMES = [
  AUTH_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  AUTH_TOKEN_EXPIRY_COOKIE,
  REFRESH_TOKEN_EXPIRY_COOKIE,
  SESSION_MARK_COOKIE,
] as const;

/** The `Set-Cookie` headers of a sign-in or refresh answer: each cookie lives as long as its token. */
export function sessionCookies(info: TokenInfo, now: number = Date.now()): string[] {
  const accessExpires = new Date(now + info.expiresIn * 1000);
  const refreshExpires = new Date(now + info.refreshExpiresIn * 1000);
  return [
    setCookie(AUTH_TOKEN_COOKIE, info.accessToken, { expires: accessExpires }),
    setCookie(AUTH_TOKEN_EXPIRY_COOKIE, accessExpires.toISOString(), { expires: accessExpires }),
    setCookie(REFRESH_TOKEN_COOKIE, info.refreshToken, { expires: refreshExpires }),
    setCookie(REFRESH_TOKEN_EXPIRY_COOKIE, refreshExpires.toISOString(), { expires: refreshExpires }),
    setCookie(SESSION_MARK_COOKIE, '1'),
  ];
}

/** The `Set-Cookie` headers that end the session in the browser. */
export function endedSessionCookies(): string[] {
  return SESSION_COOKIE_NAMES.map(removeCookie);
}
