import { removeCookie, setCookie } from './set-cookie';

/**
 * The router context (the application being worked on, the e-mail the change-password page needs) is kept in local
 * storage, as the specification says; this cookie mirrors the application being worked on so that the server renders
 * a page with the same context the browser has, and so that a form posted without scripts can set it. The e-mail is
 * never in it: a form posted without scripts hands it to the next page in CONTEXT_EMAIL_COOKIE, which no script
 * reads and which lasts an hour at most, and a signed-in visitor's is the profile's.
 */
export const ROUTER_CONTEXT_COOKIE = 'eta.routerContext';

/** The e-mail a form posted without scripts hands to the pages after it (registration, forgot password, profile). */
export const CONTEXT_EMAIL_COOKIE = 'eta.contextEmail';

/** How long the e-mail handed on is kept: the length of a visit to register, confirm or reset a password. */
const CONTEXT_EMAIL_SECONDS = 60 * 60;

/** The cookie handing `email` on to the next pages (HttpOnly, an hour at most), or removing it when undefined. */
export function contextEmailCookie(email: string | undefined): string {
  return email
    ? setCookie(CONTEXT_EMAIL_COOKIE, email, { httpOnly: true, maxAge: CONTEXT_EMAIL_SECONDS })
    : removeCookie(CONTEXT_EMAIL_COOKIE);
}

/**
 * The cookie holding `json` (the stored router context), or removing it when undefined. A browser-session cookie (no
 * expiry): it goes when the browser closes, and sign-out removes it before that, so what it holds does not outlast
 * the visit on a shared computer. Secure as the server sets it, or where the page
 * is when the browser writes it (`cookieSecure(window)`).
 */
export function routerContextCookie(json: string | undefined, secure = true): string {
  const attributes = `path=/; samesite=lax${secure ? '; secure' : ''}`;
  // Only the application being worked on: the e-mail stays out of a cookie scripts can read.
  const { applicationIdentifier } = parseRouterContext(json);
  json = applicationIdentifier === undefined ? undefined : JSON.stringify({ applicationIdentifier });
  return json === undefined
    ? `${ROUTER_CONTEXT_COOKIE}=; max-age=0; ${attributes}`
    : `${ROUTER_CONTEXT_COOKIE}=${encodeURIComponent(json)}; ${attributes}`;
}

/** What pages hand to each other across navigations and reloads. */
export interface RouterContext {
  applicationIdentifier?: string;
  /** Put there by the profile page; /profile/change-password needs it. */
  email?: string;
}

const EMPTY: RouterContext = Object.freeze({});

/** The router context in a stored text (local storage, or its cookie): only the known entries, as strings. */
export function parseRouterContext(raw: string | null | undefined): RouterContext {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return EMPTY;
    const { applicationIdentifier, email } = value as Record<string, unknown>;
    const context: RouterContext = {};
    if (typeof applicationIdentifier === 'string') context.applicationIdentifier = applicationIdentifier;
    if (typeof email === 'string') context.email = email;
    return Object.freeze(context);
  } catch {
    return EMPTY;
  }
}
