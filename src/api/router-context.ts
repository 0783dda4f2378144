import { useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeAuth } from './auth/tokens';

// Kept in api/ rather than routing/ so that feature pages, which may not import the router, can read and
// write it; the route guards read it from here too.

/** localStorage key holding the whole router context (spec: one key, kept in local storage). */
export const ROUTER_CONTEXT_KEY = 'eta.routerContext';

/** What pages hand to each other across navigations and reloads. */
export interface RouterContext {
  applicationIdentifier?: string;
  /** Put there by the profile page; /profile/change-password needs it. */
  email?: string;
}

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

function parse(raw: string | null): RouterContext {
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

/** The router context now (an empty object when nothing, or something unreadable, is stored). */
export function getRouterContext(): RouterContext {
  const raw = readRaw();
  // The same object for the same stored text, as useSyncExternalStore requires.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

function write(context: RouterContext): void {
  try {
    if (Object.keys(context).length === 0) localStorage.removeItem(ROUTER_CONTEXT_KEY);
    else localStorage.setItem(ROUTER_CONTEXT_KEY, JSON.stringify(context));
  } catch {
    // Storage unavailable: the context cannot outlive this page, and pages fall back as without one.
  }
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

/** React hook: the router context, re-rendering when it changes. */
export function useRouterContext(): RouterContext {
  return useSyncExternalStore(subscribeRouterContext, getRouterContext, getRouterContext);
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
