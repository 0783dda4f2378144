import type { Profile, TokenInfo } from '../../shared/contract';
import { API_PATHS } from '../../shared/contract';
import {
  AUTH_TOKEN_COOKIE,
  AUTH_TOKEN_EXPIRY_COOKIE,
  endedSessionCookies,
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_EXPIRY_COOKIE,
  sessionCookies,
  SESSION_MARK_COOKIE,
} from '../../shared/session-cookies';
import { removeCookie } from '../../shared/set-cookie';
import type { InProcessFetch } from './in-process-fetch';

/**
 * The session a page request carries in the specification's cookies (src/shared/session-cookies.ts). An access token that has run out (its cookie
 * lives as long as the token) while the refresh token lives is refreshed here, before the page is rendered, and
 * the new cookies go out with the page, so a visitor who comes back after a while is not shown a signed-out page.
 */
export { AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE };

export interface PageSession {
  accessToken?: string;
  refreshToken?: string;
  loggedIn: boolean;
  accessTokenExpiry?: Date;
  refreshTokenExpiry?: Date;
  /** A session this browser had has run out (or its refresh was refused) since the visitor's last page. */
  sessionEnded?: boolean;
}

const dateOf = (raw: string | undefined) => {
  const date = raw ? new Date(raw) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/**
 * The session of a request's cookies: refreshed when only the refresh token is left (its cookies then go into
 * `cookiesOut`); ended when the refresh is refused.
 */
export async function pageSession(
  cookies: Readonly<Record<string, string | undefined>>,
  api: InProcessFetch,
  cookiesOut: string[],
): Promise<PageSession> {
  const accessToken = cookies[AUTH_TOKEN_COOKIE] || undefined;
  const refreshToken = cookies[REFRESH_TOKEN_COOKIE] || undefined;
  const session: PageSession = {
    accessToken,
    refreshToken,
    loggedIn: accessToken !== undefined || refreshToken !== undefined,
    accessTokenExpiry: dateOf(cookies[AUTH_TOKEN_EXPIRY_COOKIE]),
    refreshTokenExpiry: dateOf(cookies[REFRESH_TOKEN_EXPIRY_COOKIE]),
  };
  if (!session.loggedIn && cookies[SESSION_MARK_COOKIE] !== undefined) {
    // Said once: the mark goes, so a later visit of a guarded page is an ordinary signed-out one.
    cookiesOut.push(removeCookie(SESSION_MARK_COOKIE));
    return { ...session, sessionEnded: true };
  }
  if (accessToken || !refreshToken) return session;
  const answer = await api(`${API_PATHS.profile}/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  if (!answer.ok) {
    // A refresh token the API no longer takes ends the session, as the browser's refresh would.
    cookiesOut.push(...endedSessionCookies());
    return { loggedIn: false, sessionEnded: true };
  }
  const info = (await answer.json()) as TokenInfo;
  const now = Date.now();
  cookiesOut.push(...sessionCookies(info, now));
  return {
    accessToken: info.accessToken,
    refreshToken: info.refreshToken,
    loggedIn: true,
    accessTokenExpiry: new Date(now + info.expiresIn * 1000),
    refreshTokenExpiry: new Date(now + info.refreshExpiresIn * 1000),
  };
}

/**
 * The language a signed-in visitor's page is rendered in. A language this browser chose (`chosen`: a `?lng=` link
 * now, or the language cookie its switcher or an earlier link left) comes first, so the page a visitor picked a
 * language for keeps it on the next pages; else the profile's saved language (the visitor's language on a browser
 * that never chose, as the API answers in it), else the language the request asks for. A link changes only the
 * page, never the profile: the profile's language (and so its e-mails' language) changes only by a post, the
 * profile page's form or the switcher's call of the API. The profile's language is named beside the page's, so the
 * browser need not ask for it again (nor switch the page once it has taken it over).
 */
export async function signedInLanguage(
  api: InProcessFetch,
  session: PageSession,
  requested: string,
  chosen: boolean,
  saveable: readonly string[],
): Promise<{ language: string; profileLanguage?: string; email?: string; profile?: Profile }> {
  if (!session.accessToken) return { language: requested };
  const answer = await api(API_PATHS.profile, {
    headers: { authorization: `Bearer ${session.accessToken}`, accept: 'application/json' },
  });
  const read = answer.ok ? ((await answer.json()) as Profile) : undefined;
  const saved = read?.language;
  const profileLanguage = saved && saveable.includes(saved) ? saved : undefined;
  const language = chosen ? requested : (profileLanguage ?? requested);
  // The profile's address: the e-mail of a signed-in visitor's router context (the change-password page's).
  const email = typeof read?.email === 'string' ? { email: read.email } : {};
  // The profile itself, which the page then need not ask for again.
  const profile = read ? { profile: read } : {};
  return profileLanguage ? { language, profileLanguage, ...email, ...profile } : { language, ...email, ...profile };
}
