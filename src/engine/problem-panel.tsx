import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportFormErrors } from './error-title';

const useStyles = makeStyles({
  panel: {
    border: `5px solid ${tokens.colorPaletteRedBorder2}`,
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXXL,
    ':focus': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '0' },
  },
  title: {
    marginTop: 0,
    marginBottom: tokens.spacingVerticalS,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
  },
  message: {
    margin: 0,
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  extra: { marginTop: tokens.spacingVerticalM, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase500 },
});

export interface ProblemPanelProps {
  /** The translated message (an API answer's `error`, or a page's own text), or several, one paragraph each. */
  message: string | readonly string[];
  /** Heading; 'There is a problem' when absent. */
  title?: string;
  /** What the user can do next (a resend button, a link). */
  children?: ReactNode;
}

/**
 * A problem that belongs to no single field (wrong credentials, an expired link, a refused step), styled like the
 * error summary: focused when it appears, and 'Error: ' before the page title while it shows.
 */
export function ProblemPanel({ message, title, children }: ProblemPanelProps) {
  const { t } = useTranslation('forms');
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useReportFormErrors(true);

  const messages = typeof message === 'string' ? [message] : message;
  const text = messages.join('\n');
  useEffect(() => {
    ref.current?.focus();
  }, [text]);

  return (
    <div ref={ref} className={styles.panel} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title ?? t('engine.errorSummaryTitle')}
      </h2>
      {messages.map((m) => (
        <p key={m} className={styles.message}>
          {m}
        </p>
      ))}
      {children && <div className={styles.extra}>{children}</div>}
    </div>
  );
}
