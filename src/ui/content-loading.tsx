import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';

/** Told by each `ContentLoading` when it appears (+1) and goes (-1); the layout provides it. */
export const ContentLoadingContext = createContext<((change: 1 | -1) => void) | null>(null);

/**
 * Shown in place of a page's main content while it loads (a form, saved answers): the layout holds the footer
 * back until the content is there, so the footer appears under it instead of being pushed down by it.
 */
export function ContentLoading({ children }: { children: ReactNode }) {
  const report = useContext(ContentLoadingContext);
  useLayoutEffect(() => {
    report?.(1);
    return () => report?.(-1);
  }, [report]);
  return <>{children}</>;
}
