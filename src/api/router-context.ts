import { useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeAuth } from './auth/tokens';
import { useRequestScope, type RequestScope } from './request-scope';
import {
  parseRouterContext,
  ROUTER_CONTEXT_COOKIE,
  routerContextCookie,
  type RouterContext,
} from '@/shared/router-context-cookie';
import { cookieSecure } from '@/shared/set-cookie';

// Kept in api/ rather than routing/ so that feature pages, which may not import the router, can read and
// write it; the route guards read it from here too.

/** localStorage key holding the whole router context (spec: one key, kept in local storage). */
export const ROUTER_CONTEXT_KEY = 'eta.routerContext';
export { ROUTER_CONTEXT_COOKIE };

export type { RouterContext };

const EMPTY: RouterContext = Object.freeze({});

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedValue: RouterContext = EMPTY;

function readRaw(): string | null {
  try {
    return localStorage.getItem(ROUTER_CONTEXT_KEY);
  } catch {
    return null;
  }
}

/**
 * The router context now (an empty object when nothing, or something unreadable, is stored); on the server, that of
 * the request being handled (`scope`), as its cookie mirror said.
 */
export function getRouterContext(scope?: RequestScope): RouterContext {
  if (scope) return scope.routerContext;
  const raw = readRaw();
  // The same object for the same stored text, as useSyncExternalStore requires.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parseRouterContext(raw);
  }
  return cachedValue;
}

function write(context: RouterContext): void {
  const empty = Object.keys(context).length === 0;
  try {
    if (empty) localStorage.removeItem(ROUTER_CONTEXT_KEY);
    else localStorage.setItem(ROUTER_CONTEXT_KEY, JSON.stringify(context));
  } catch {
    // Storage unavailable: the context cannot outlive this page, and pages fall back as without one.
  }
  // The server renders pages with the same context: it reads the cookie mirror of what is stored.
  document.cookie = routerContextCookie(empty ? undefined : JSON.stringify(context), cookieSecure(window));
  for (const listener of listeners) listener();
}

/** Merges `patch` into the router context; an entry set to undefined is removed. Returns the new context. */
export function setRouterContext(patch: Partial<RouterContext>): RouterContext {
  const next: Record<string, string | undefined> = { ...getRouterContext(), ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  write(next as RouterContext);
  return getRouterContext();
}

/** Empties the router context (for instance when the user signs out). */
export function clearRouterContext(): void {
  write({});
}

/** Calls `listener` when the context changes, in this tab or another; returns the unsubscribe function. */
export function subscribeRouterContext(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ROUTER_CONTEXT_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

let cookieRaw: string | null | undefined;
let cookieValue: RouterContext = EMPTY;
let renderedContext: RouterContext | undefined;

/** The router context the server rendered this page with (from the page's data), which the page is taken over with. */
export function takeRenderedRouterContext(context: RouterContext | undefined): void {
  renderedContext = context ? parseRouterContext(JSON.stringify(context)) : undefined;
}

/**
 * The router context the server rendered the page with (what the browser hydrates with, so both render the same;
 * local storage, when it says otherwise, applies in the render after): as the page's data says, else the cookie
 * mirror.
 */
function hydrationRouterContext(): RouterContext {
  if (renderedContext) return renderedContext;
  const match = new RegExp(`(?:^|;\\s*)${ROUTER_CONTEXT_COOKIE.replace('.', '\\.')}=([^;]*)`).exec(document.cookie);
  let raw: string | null = null;
  try {
    raw = match ? decodeURIComponent(match[1]) : null;
  } catch {
    raw = null;
  }
  if (raw !== cookieRaw) {
    cookieRaw = raw;
    cookieValue = parseRouterContext(raw);
  }
  return cookieValue;
}

const storedRouterContext = () => getRouterContext();

/**
 * React hook: the router context, re-rendering when it changes; on the server, that of the request the page is
 * rendered for.
 */
export function useRouterContext(): RouterContext {
  const scope = useRequestScope();
  return useSyncExternalStore(
    subscribeRouterContext,
    storedRouterContext,
    scope ? () => scope.routerContext : hydrationRouterContext,
  );
}

/**
 * Makes local storage hold what the cookie mirror holds, once the page the server rendered from the cookie is taken
 * over: a form posted without scripts may have changed the context on the server (an address registered, a session
 * ended), and the browser goes on from what the page shows.
 */
export function adoptServerRouterContext(): void {
  const fromServer = hydrationRouterContext();
  const stored = getRouterContext();
  // The e-mail reaches the server only from a form posted without scripts (or the profile): one this browser keeps
  // and the server did not hear of is kept.
  const adopted = fromServer.email || !stored.email ? fromServer : { ...fromServer, email: stored.email };
  if (JSON.stringify(adopted) === JSON.stringify(stored)) return;
  write(adopted);
}

/**
 * Empties the router context whenever the user goes from signed in to signed out, so the next user of the
 * browser does not inherit an application or e-mail. Returns the function that stops watching.
 */
export function clearRouterContextOnSignOut(): () => void {
  let wasLoggedIn = isLoggedIn();
  return subscribeAuth(() => {
    const loggedIn = isLoggedIn();
    if (wasLoggedIn && !loggedIn) clearRouterContext();
    wasLoggedIn = loggedIn;
  });
}
