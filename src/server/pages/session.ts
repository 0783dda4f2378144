import type { TokenInfo } from '../../shared/contract';
import { API_PATHS } from '../../shared/contract';
import { removeCookie, setCookie } from './cookies';
import type { InProcessFetch } from './in-process-fetch';

/**
 * The session a page request carries in the specification's cookies (authToken, refreshToken and their expiry
 * dates, as the browser's sign-in sets them, src/api/auth/tokens.ts). An access token that has run out (its cookie
 * lives as long as the token) while the refresh token lives is refreshed here, before the page is rendered, and
 * the new cookies go out with the page, so a visitor who comes back after a while is not shown a signed-out page.
 */
export const AUTH_TOKEN_COOKIE = 'authToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const AUTH_TOKEN_EXPIRY_COOKIE = 'authTokenExpiryDate';
export const REFRESH_TOKEN_EXPIRY_COOKIE = 'refreshTokenExpiryDate';
const SESSION_COOKIE_NAMES = [
  AUTH_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  AUTH_TOKEN_EXPIRY_COOKIE,
  REFRESH_TOKEN_EXPIRY_COOKIE,
];

export interface PageSession {
  accessToken?: string;
  loggedIn: boolean;
  accessTokenExpiry?: Date;
  refreshTokenExpiry?: Date;
}

const dateOf = (raw: string | undefined) => {
  const date = raw ? new Date(raw) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** The `Set-Cookie` headers of a sign-in or refresh answer: the same cookies the browser sets itself. */
export function sessionCookies(info: TokenInfo, now: number = Date.now()): string[] {
  const accessExpires = new Date(now + info.expiresIn * 1000);
  const refreshExpires = new Date(now + info.refreshExpiresIn * 1000);
  return [
    setCookie(AUTH_TOKEN_COOKIE, info.accessToken, { expires: accessExpires }),
    setCookie(AUTH_TOKEN_EXPIRY_COOKIE, accessExpires.toISOString(), { expires: accessExpires }),
    setCookie(REFRESH_TOKEN_COOKIE, info.refreshToken, { expires: refreshExpires }),
    setCookie(REFRESH_TOKEN_EXPIRY_COOKIE, refreshExpires.toISOString(), { expires: refreshExpires }),
  ];
}

/** The `Set-Cookie` headers that end the session in the browser. */
export function endedSessionCookies(): string[] {
  return SESSION_COOKIE_NAMES.map(removeCookie);
}

/**
 * The session of a request's cookies: refreshed when only the refresh token is left (its cookies then go into
 * `cookiesOut`); ended when the refresh is refused.
 */
export async function pageSession(
  cookies: ReadonlyMap<string, string>,
  api: InProcessFetch,
  cookiesOut: string[],
): Promise<PageSession> {
  const accessToken = cookies.get(AUTH_TOKEN_COOKIE) || undefined;
  const refreshToken = cookies.get(REFRESH_TOKEN_COOKIE) || undefined;
  const session: PageSession = {
    accessToken,
    loggedIn: accessToken !== undefined || refreshToken !== undefined,
    accessTokenExpiry: dateOf(cookies.get(AUTH_TOKEN_EXPIRY_COOKIE)),
    refreshTokenExpiry: dateOf(cookies.get(REFRESH_TOKEN_EXPIRY_COOKIE)),
  };
  if (accessToken || !refreshToken) return session;
  const answer = await api(`${API_PATHS.profile}/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  if (!answer.ok) {
    // A refresh token the API no longer takes ends the session, as the browser's refresh would.
    cookiesOut.push(...endedSessionCookies());
    return { loggedIn: false };
  }
  const info = (await answer.json()) as TokenInfo;
  const now = Date.now();
  cookiesOut.push(...sessionCookies(info, now));
  return {
    accessToken: info.accessToken,
    loggedIn: true,
    accessTokenExpiry: new Date(now + info.expiresIn * 1000),
    refreshTokenExpiry: new Date(now + info.refreshExpiresIn * 1000),
  };
}
