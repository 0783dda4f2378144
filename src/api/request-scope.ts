/**
 * What the portal's code reads of "the visitor" while the server renders a page for one request: the session's
 * tokens, the router context, the language, and the way to reach the API. It is passed, never looked up: the
 * server's entry (src/app/server-entry.tsx) hands it to the routes' loaders and actions as React Router's request
 * context (read with `scopeOf`) and to the page's components as `RequestScopeContext` (read with
 * `useRequestScope`); the API helpers they call take it as an argument. In the browser there is no scope: the same
 * code reads cookies, local storage and `fetch` instead.
 */
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
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
  /** The query cache the page is rendered with: what the route's loaders fetch into it, the page shows at once. */
  queryClient: QueryClient;
}

/**
 * The router's request context that carries `scope` and the page's query cache to the routes' loaders and actions
 * (the server's entry makes it).
 */
export function scopedRouterContext(scope: RequestScope, queryClient: QueryClient): ScopedRouterContext {
  return { requestScope: scope, queryClient };
}

/** The query cache a loader was given in its `context`: the server's page's, or undefined in the browser. */
export function queryClientOf(context: unknown): QueryClient | undefined {
  if (typeof context !== 'object' || context === null || !('queryClient' in context)) return undefined;
  return (context as ScopedRouterContext).queryClient;
}

/**
 * Fetches a page's queries into the cache the server renders it with, side by side, from its route's loader, so the
 * page is rendered once with its data. A query that fails keeps its error for the page to show (nothing is thrown).
 * In the browser (no cache in the context) it does nothing: the page's hooks ask for what they lack.
 */
export async function prefetchQueries(
  context: unknown,
  // Options of different data types and keys side by side: each is fetched by its own function into its own key.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ...queries: FetchQueryOptions<any, any, any, any>[]
): Promise<void> {
  const queryClient = queryClientOf(context);
  if (!queryClient) return;
  await Promise.all(queries.map((query) => queryClient.prefetchQuery(query)));
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
