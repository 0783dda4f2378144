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

/** A message announced politely (role status) without taking focus: saving trouble, a saved confirmation. */
export function Banner({ tone, children }: { tone: 'info' | 'warning' | 'success'; children: ReactNode }) {
  const styles = useJourneyStyles();
  const toneClass = tone === 'warning' ? styles.bannerWarning : tone === 'success' ? styles.bannerSuccess : '';
  return (
    <div role="status" className={`${styles.banner} ${toneClass}`}>
      {children}
    </div>
  );
}
