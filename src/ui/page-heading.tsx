import { useEffect, useRef, type ReactNode } from 'react';
import { usePageStyles } from './page-styles';

/**
 * The page's one h1. `focus` moves focus to it when the page changes state without navigating (a confirmation
 * replacing a form), so screen-reader users hear the new heading.
 */
export function PageHeading({ children, focus = false }: { children: ReactNode; focus?: boolean }) {
  const styles = usePageStyles();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1} className={styles.title}>
      {children}
    </h1>
  );
}
