import { Button, makeStyles, tokens, type ButtonProps } from '@fluentui/react-components';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router-dom';
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

interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  appearance?: ButtonProps['appearance'];
  className?: string;
}

/** A route link drawn as a Fluent button: a call to action that stays a link. */
export function ButtonLink({ to, children, ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button {...buttonProps} size="large" as="a" href={href} onClick={onClick}>
      {children}
    </Button>
  );
}

const usePanelStyles = makeStyles({
  panel: {
    border: `5px solid ${tokens.colorPaletteRedBorder2}`,
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXXL,
    ':focus': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '0' },
  },
  title: { marginTop: 0, marginBottom: tokens.spacingVerticalS, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  message: {
    margin: 0,
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  extra: { marginTop: tokens.spacingVerticalM, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase500 },
  notice: {
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    padding: tokens.spacingHorizontalL,
    borderLeft: `6px solid ${tokens.colorBrandBackground}`,
    backgroundColor: tokens.colorBrandBackground2,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  success: { borderLeftColor: '#00703C', backgroundColor: tokens.colorPaletteGreenBackground1 },
});

/**
 * A problem that belongs to no single field, styled like the form engine's error summary ("There is a
 * problem"), focused when it appears, with "Error: " before the page title. Children say what to do next.
 */
export function ProblemPanel({ title, message, children }: { title?: string; message: string; children?: ReactNode }) {
  const { t } = useTranslation('forms');
  const styles = usePanelStyles();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const prefix = t('engine.errorTitlePrefix');

  useEffect(() => {
    ref.current?.focus();
  }, [message]);

  useEffect(() => {
    if (!document.title.startsWith(prefix)) document.title = `${prefix}${document.title}`;
    return () => {
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
    };
  }, [prefix]);

  return (
    <div ref={ref} className={styles.panel} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title ?? t('engine.errorSummaryTitle')}
      </h2>
      <p className={styles.message}>{message}</p>
      {children && <div className={styles.extra}>{children}</div>}
    </div>
  );
}

/** An information or success message, announced politely (role status) without taking focus. */
export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' }) {
  const styles = usePanelStyles();
  return (
    <div role="status" className={tone === 'success' ? `${styles.notice} ${styles.success}` : styles.notice}>
      {children}
    </div>
  );
}
