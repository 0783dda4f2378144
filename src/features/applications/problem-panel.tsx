import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
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
});

/**
 * A problem that belongs to no single field, styled like the engine's error summary ("There is a problem"),
 * focused when it appears and with "Error: " before the page title. Children say what to do next.
 */
export function ProblemPanel({ message, children }: { message: string; children?: ReactNode }) {
  const { t } = useTranslation('forms');
  const styles = useStyles();
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
        {t('engine.errorSummaryTitle')}
      </h2>
      <p className={styles.message}>{message}</p>
      {children && <div className={styles.extra}>{children}</div>}
    </div>
  );
}
