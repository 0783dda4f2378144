import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import type { TokenInfo } from '@/shared/api-types';
import { useRequestScope, type RequestScope } from '../request-scope';
import {
  AUTH_TOKEN_COOKIE,
  AUTH_TOKEN_EXPIRY_COOKIE,
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_EXPIRY_COOKIE,
  SESSION_COOKIE_NAMES,
  SESSION_MARK_COOKIE,
} from '@/shared/session-cookies';

export { AUTH_TOKEN_COOKIE, AUTH_TOKEN_EXPIRY_COOKIE, REFRESH_TOKEN_COOKIE, REFRESH_TOKEN_EXPIRY_COOKIE };

const ALL_COOKIES = SESSION_COOKIE_NAMES;

/**
 * Lax, not strict: the server renders every page from the session these cookies carry, and a strict cookie is left
 * out of a page opened from another site (an e-mailed link), which would then be rendered signed out. Forms posted
 * to the server carry a CSRF token besides (src/server/pages/csrf.ts); a lax cookie is never sent with another
 * site's POST.
 */
export const SESSION_COOKIE_ATTRIBUTES: Cookies.CookieAttributes = { secure: true, sameSite: 'lax', path: '/' };
const baseAttributes = SESSION_COOKIE_ATTRIBUTES;

const listeners = new Set<() => void>();

/** The page's cookies as last read, parsed once: a page's render asks for several of them, many times. */
let lastRead: { raw: string; values: Record<string, string> } | undefined;
/**
 * Whether `lastRead` was read in the work running now. Reading `document.cookie` asks the browser each time (some
 * ten milliseconds in all while a page hydrates, when every component that asks whether the visitor is signed in
 * reads it): it is read once until the current work ends (the next microtask), and again after this module writes.
 */
let readNow = false;

/** A cookie's value (undefined outside a browser, as when the server renders a page). */
function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  if (!readNow || !lastRead) {
    const raw = document.cookie;
    if (lastRead?.raw !== raw) lastRead = { raw, values: Cookies.get() };
    readNow = true;
    queueMicrotask(() => {
      readNow = false;
    });
  }
  return lastRead.values[name];
}

function notify(): void {
  readNow = false;
  for (const listener of listeners) listener();
}

/** Stores the tokens of a login or refresh answer; each cookie lives as long as its token. */
export function storeTokens(info: TokenInfo, now: number = Date.now()): void {
  const accessExpires = new Date(now + info.expiresIn * 1000);
  const refreshExpires = new Date(now + info.refreshExpiresIn * 1000);
  Cookies.set(AUTH_TOKEN_COOKIE, info.accessToken, { ...baseAttributes, expires: accessExpires });
  Cookies.set(AUTH_TOKEN_EXPIRY_COOKIE, accessExpires.toISOString(), { ...baseAttributes, expires: accessExpires });
  Cookies.set(REFRESH_TOKEN_COOKIE, info.refreshToken, { ...baseAttributes, expires: refreshExpires });
  Cookies.set(REFRESH_TOKEN_EXPIRY_COOKIE, refreshExpires.toISOString(), {
    ...baseAttributes,
    expires: refreshExpires,
  });
  // Until the browser closes: tells the server, once the session has run out, that it did (see session-cookies.ts).
  Cookies.set(SESSION_MARK_COOKIE, '1', baseAttributes);
  notify();
}

/** Removes every auth cookie (sign-out, 401/403, failed refresh). */
export function clearTokens(): void {
  for (const name of ALL_COOKIES) Cookies.remove(name, { path: '/' });
  notify();
}

/** The access token, when its cookie has not expired (the browser's; the server's is in the request's scope). */
export function getAccessToken(): string | undefined {
  return readCookie(AUTH_TOKEN_COOKIE) || undefined;
}

/** The refresh token, when its cookie has not expired. */
export function getRefreshToken(): string | undefined {
  return readCookie(REFRESH_TOKEN_COOKIE) || undefined;
}

function readDate(name: string): Date | undefined {
  const raw = readCookie(name);
  if (!raw) return undefined;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** When the access token expires, if known. */
export function getAccessTokenExpiry(): Date | undefined {
  return readDate(AUTH_TOKEN_EXPIRY_COOKIE);
}

/** When the refresh token (the session) expires, if known. */
export function getRefreshTokenExpiry(): Date | undefined {
  return readDate(REFRESH_TOKEN_EXPIRY_COOKIE);
}

/**
 * Logged in = an access or a refresh cookie exists; on the server, for the request being handled (`scope`), what its
 * cookies said.
 */
export function isLoggedIn(scope?: RequestScope): boolean {
  if (scope) return scope.loggedIn;
  return getAccessToken() !== undefined || getRefreshToken() !== undefined;
}

/**
 * Calls `listener` after tokens are stored or cleared, and when the tab regains focus (another tab may have
 * signed in or out: the cookies are shared but send no event). Returns the unsubscribe function.
 */
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

const loggedInNow = () => isLoggedIn();

/**
 * React hook: the logged-in flag, re-rendering when tokens are stored or cleared; on the server, the flag of the
 * request the page is rendered for.
 */
export function useLoggedIn(): boolean {
  const scope = useRequestScope();
  return useSyncExternalStore(subscribeAuth, loggedInNow, scope ? () => scope.loggedIn : loggedInNow);
}
