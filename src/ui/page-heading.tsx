import { useEffect, useRef, type ReactNode } from 'react';
import { usePageStyles } from './page-styles';

interface PageHeadingProps {
  children: ReactNode;
  /** Moves focus to the heading when the page appears (a confirmation replacing a form, without navigating). */
  focus?: boolean;
  /** Moves focus to the heading whenever this changes after the first render (a form replacing a list). */
  focusKey?: string;
  /** A caption above the title, read as part of it (the applicant the page is about). */
  caption?: string;
}

/**
 * The page's one h1. It can take focus (tabindex -1) so that when a page changes state without a navigation,
 * screen-reader users hear the new heading; navigation itself focuses it from the shell.
 */
export function PageHeading({ children, focus = false, focusKey, caption }: PageHeadingProps) {
  const styles = usePageStyles();
  const ref = useRef<HTMLHeadingElement>(null);
  const shownKey = useRef(focusKey);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  useEffect(() => {
    if (shownKey.current === focusKey) return;
    shownKey.current = focusKey;
    ref.current?.focus();
  }, [focusKey]);
  return (
    <h1 ref={ref} tabIndex={-1} className={styles.title}>
      {caption && <span className={styles.caption}>{caption}</span>}
      {children}
    </h1>
  );
}
