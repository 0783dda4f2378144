import { type ReactNode } from 'react';
import { useJourneyStyles } from './journey-styles';

/** The page's one h1, with an optional caption (the applicant) read as part of it. */
export function JourneyHeading({ caption, children }: { caption?: string; children: ReactNode }) {
  const styles = useJourneyStyles();
  return (
    <h1 className={styles.title}>
      {caption && <span className={styles.caption}>{caption}</span>}
      {children}
    </h1>
  );
}
