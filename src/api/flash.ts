import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { flashCookie, type Flash } from '@/shared/flash-cookie';
import { setResponseCookie, useRequestScope, type RequestScope } from './request-scope';

export type { Flash };

/**
 * Leaves a message for the page a form posted without scripts redirects to (a page's server action, handling the
 * request of `scope`).
 */
export function setFlash(scope: RequestScope | undefined, flash: Flash): void {
  setResponseCookie(scope, flashCookie(flash));
}

/** The key of the message left for the page at a location (React Router's location key). */
export const flashQueryKey = (locationKey: string) => ['flash', locationKey] as const;

/**
 * The message a form posted without scripts left for this page (`page`: its path), as the server rendered it (its
 * entry puts it in the page's query cache); the browser takes it over with the page's data, once: a page reached
 * later in the browser has none.
 */
export function useFlash(page: string): Flash | undefined {
  // The page as first shown (the server's, and the browser's first) has the key "default"; each later one its own.
  const { key } = useLocation();
  const scope = useRequestScope();
  const { data } = useQuery({
    queryKey: flashQueryKey(key),
    queryFn: () => scope?.flash ?? null,
    staleTime: Infinity,
  });
  return data && data.page === page ? data : undefined;
}
