import {
  type DehydratedState,
  hydrate,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import i18next from 'i18next';
import { forgetSession } from '@/api/auth/session';
import { ApiError } from '@/api/request';
import { showErrorDialog } from '@/app/shell/error-dialog';

/** Queries retry this many times, and only after a time-out. */
export const TIMEOUT_RETRY_LIMIT = 3;

/** A time-out: the call was aborted by its timer, or answered 408 or 504. */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof ApiError && error.timedOut;
}

/** A 401 or 403 answer. */
export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The answer carried an API error body with an `error` field, which the page shows where it happened. */
export function hasErrorField(error: unknown): boolean {
  return error instanceof ApiError && error.errorBody !== undefined;
}

/** Errors the page handles where they happen; every other error goes to the generic error page. */
export function isHandledInPlace(error: unknown): boolean {
  return isTimeoutError(error) || isAuthError(error) || hasErrorField(error);
}

/** Retry predicate for queries: up to three retries, on time-outs only. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return isTimeoutError(error) && failureCount < TIMEOUT_RETRY_LIMIT;
}

/**
 * The react-query client with the spec's error policy: time-outs show the error dialog, 401/403 remove the
 * auth cookies and the cached queries, errors not handled in place are thrown to the route's error page.
 */
export function createQueryClient(options: { server?: boolean } = {}): QueryClient {
  if (options.server) {
    // The server fetches what a page shows once, for the one request (its loaders, before rendering it): what
    // fails is left to the browser, which asks again and applies the policy below (dialogs, the session, the error
    // page).
    return new QueryClient({
      defaultOptions: { queries: { retry: false, throwOnError: false, staleTime: Infinity } },
    });
  }
  const endSession = (failedQuery?: Query<unknown, unknown, unknown, QueryKey>) => {
    forgetSession();
    // The failed query keeps its error for the page to show; removing it would make its observer fetch again.
    client.removeQueries({ predicate: (query) => query !== failedQuery });
  };
  const showTimeout = () => showErrorDialog(i18next.t('common:errors.requestTimedOut'));
  const throwOnError = (error: unknown) => !isHandledInPlace(error);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isTimeoutError(error)) showTimeout();
        else if (isAuthError(error)) endSession(query);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isTimeoutError(error)) showTimeout();
        else if (isAuthError(error)) endSession();
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        throwOnError,
        refetchOnWindowFocus: false,
        // Data the server rendered the page from is not asked for again by the render that takes the page over.
        refetchOnMount: (query) => !fromServer.has(query.queryHash),
      },
      mutations: { retry: false, throwOnError },
    },
  });
  return client;
}

/** Queries the page was rendered with on the server, until the browser has taken the page over. */
const fromServer = new Set<string>();

/** Puts the data the server rendered the page from into the client's cache (see refetchOnMount above). */
export function hydrateFromServer(client: QueryClient, state: DehydratedState): void {
  hydrate(client, state);
  for (const query of state.queries) fromServer.add(query.queryHash);
}

/** The page the server rendered is taken over: from now on, a page shown again asks for its data anew. */
export function serverDataTakenOver(): void {
  fromServer.clear();
}
