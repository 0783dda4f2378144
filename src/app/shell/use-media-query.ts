import { useEffect, useReducer } from 'react';
import { useHydrated } from '@/ui/use-hydrated';

/**
 * React hook: whether the media query matches now (false where matchMedia does not exist). False on the server and
 * while the page hydrates, as the server cannot know the screen; read from the browser once hydrated.
 */
export function useMediaQuery(query: string): boolean {
  const hydrated = useHydrated();
  const [, changed] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, [query]);
  return hydrated && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}
