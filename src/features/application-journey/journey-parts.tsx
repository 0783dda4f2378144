import { Button, type ButtonProps } from '@fluentui/react-components';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router-dom';
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

/**
 * A problem that belongs to no single field, styled like the engine's error summary, focused when it appears
 * and with "Error: " before the page title.
 */
export function Problem({ title, messages, children }: { title?: string; messages: string[]; children?: ReactNode }) {
  const { t } = useTranslation(['journey', 'forms']);
  const styles = useJourneyStyles();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const prefix = t('forms:engine.errorTitlePrefix');
  const text = messages.join('\n');
  useEffect(() => {
    ref.current?.focus();
  }, [text]);
  useEffect(() => {
    if (!document.title.startsWith(prefix)) document.title = `${prefix}${document.title}`;
    return () => {
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
    };
  }, [prefix]);
  return (
    <div ref={ref} className={styles.problem} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.problemTitle}>
        {title ?? t('journey:problemTitle')}
      </h2>
      {messages.map((m) => (
        <p key={m} className={styles.problemMessage}>
          {m}
        </p>
      ))}
      {children}
    </div>
  );
}

/** A route link drawn as a large Fluent button. */
export function ButtonLink({ to, children, ...buttonProps }: { to: string; children: ReactNode; appearance?: ButtonProps['appearance']; className?: string }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button {...buttonProps} size="large" as="a" href={href} onClick={onClick}>
      {children}
    </Button>
  );
}
