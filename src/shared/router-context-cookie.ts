import { cookieSecure } from './set-cookie';

/**
 * The router context (the application being worked on, the e-mail the change-password page needs) is kept in local
 * storage, as the specification says; this cookie mirrors it so that the server renders a page with the same context
 * the browser has, and so that a form posted without scripts can set it.
 */
export const ROUTER_CONTEXT_COOKIE = 'eta.routerContext';

/**
 * The cookie holding `json` (the stored router context), or removing it when undefined. A browser-session cookie (no
 * expiry): it goes when the browser closes, and sign-out removes it before that, so what it holds does not outlast
 * the visit on a shared computer. Secure where the page is (cookieSecure).
 */
export function routerContextCookie(json: string | undefined, secure: boolean = cookieSecure()): string {
  const attributes = `path=/; samesite=lax${secure ? '; secure' : ''}`;
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
