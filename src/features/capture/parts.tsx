import { useEffect, useRef, type ReactNode } from 'react';
import { useCaptureStyles } from './styles';

/** The page's one h1. `focusKey` moves focus to it whenever it changes, so a new state is heard. */
export function PageHeading({ children, focusKey }: { children: ReactNode; focusKey?: string }) {
  const styles = useCaptureStyles();
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [focusKey]);
  return (
    <h1 ref={ref} tabIndex={-1} className={styles.title}>
      {children}
    </h1>
  );
}
