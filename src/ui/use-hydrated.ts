import { startTransition, useEffect, useState } from 'react';

// Whether the app has taken the page over (or renders the page itself): from then on, a component starts hydrated.
let takenOver = false;

/**
 * Says that the app has taken over the page the server rendered, or renders its page itself (src/app/boot.tsx):
 * components mounted from now on start hydrated. `false` is for tests that render a page as the server does.
 */
export function setPageTakenOver(value = true): void {
  takenOver = value;
}

/**
 * Whether the page's scripts have taken it over. False on the server and in the render that hydrates a page rendered
 * ahead (so that render matches the server's HTML), true from the next render on, which React makes as a transition:
 * the parts that differ are rendered again in slices, not in one long task just after hydration (a store hook would
 * re-render them at once). True at once for a page the browser renders itself.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(takenOver);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
