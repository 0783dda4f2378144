import { createContext, use, type ReactNode } from 'react';

const RenderedAheadContext = createContext(false);

/**
 * Wraps a tree that renders a page ahead of time (on the server, src/app/prerender-entry.tsx) or hydrates such a
 * page in the browser (src/app/boot.tsx).
 */
export function RenderedAhead({ children }: { children: ReactNode }) {
  return <RenderedAheadContext value>{children}</RenderedAheadContext>;
}

/**
 * Whether this tree renders a page ahead or hydrates one, for the life of the tree: such a page is whole from its
 * first render (its lazily loaded parts were loaded before), unlike a page the browser renders itself.
 */
export function useRenderedAhead(): boolean {
  return use(RenderedAheadContext);
}
