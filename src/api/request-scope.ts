/**
 * What the portal's code reads of "the visitor" while the server renders a page for one request: the session's
 * tokens, the router context, the language, and the way to reach the API. It is passed, never looked up: the
 * server's entry (src/app/server-entry.tsx) hands it to the routes' loaders and actions as React Router's request
 * context (read with `scopeOf`) and to the page's components as `RequestScopeContext` (read with
 * `useRequestScope`); the API helpers they call take it as an argument. In the browser there is no scope: the same
 * code reads cookies, local storage and `fetch` instead.
 */
import { createContext, use } from 'react';
import type { RequestScope, ResponseFile } from '@/shared/request-scope';
import { FALLBACK_LANGUAGE } from '@/shared/languages';

export type { RequestScope, ResponseFile };

/** The scope of the request a page is rendered for, on the server; none in the browser. */
export const RequestScopeContext = createContext<RequestScope | undefined>(undefined);

/** React hook: the scope of the request the server is rendering the page for, or undefined in the browser. */
export function useRequestScope(): RequestScope | undefined {
  return use(RequestScopeContext);
}

/** What React Router's static handler is given as `requestContext`, and hands to loaders and actions as `context`. */
export interface ScopedRouterContext {
  requestScope: RequestScope;
}

/** The router's request context that carries `scope` to the routes' loaders and actions (the server's entry makes it). */
export function scopedRouterContext(scope: RequestScope): ScopedRouterContext {
  return { requestScope: scope };
}

/**
 * The scope a loader or action was given in its `context` argument: the server's request, or undefined in the browser
 * (whose router gives a context of its own, without one).
 */
export function scopeOf(context: unknown): RequestScope | undefined {
  if (typeof context !== 'object' || context === null || !('requestScope' in context)) return undefined;
  return (context as ScopedRouterContext).requestScope;
}

/** The language of the request being rendered on the server (for an action's messages). */
export function scopeLanguage(scope: RequestScope | undefined): string {
  return scope?.language ?? FALLBACK_LANGUAGE;
}

/** Sends a cookie with the answer to the request being handled on the server (an action's sign-in, say). */
export function setResponseCookie(scope: RequestScope | undefined, header: string): void {
  scope?.responseCookies.push(header);
}

/**
 * Answers the form being handled on the server with a file (a download) instead of a page; the action then returns
 * null. Does nothing in the browser.
 */
export function answerWithFile(scope: RequestScope | undefined, file: ResponseFile): void {
  if (scope) scope.responseFile = file;
}
