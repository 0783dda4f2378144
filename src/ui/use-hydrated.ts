import { startTransition, useEffect, useState } from 'react';
import { isPageTakenOver } from './page-taken-over';

/**
 * Whether the page's scripts have taken it over. False on the server and in the render that hydrates a page rendered
 * ahead (so that render matches the server's HTML), true from the next render on, which React makes as a transition:
 * the parts that differ are rendered again in slices, not in one long task just after hydration (a store hook would
 * re-render them at once). True at once for a page the browser renders itself.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(isPageTakenOver);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
