import { makeStyles, tokens } from '@fluentui/react-components';
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

const usePanelStyles = makeStyles({
  notice: {
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    padding: tokens.spacingHorizontalL,
    borderLeft: `6px solid ${tokens.colorBrandBackground}`,
    backgroundColor: tokens.colorBrandBackground2,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  success: { borderLeftColor: '#00703C', backgroundColor: tokens.colorPaletteGreenBackground1 },
  warning: { borderLeftColor: '#B35900', backgroundColor: tokens.colorPaletteYellowBackground1 },
});

/** An information, success or warning message, announced politely (role status) without taking focus. */
export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' | 'warning' }) {
  const styles = usePanelStyles();
  return (
    <div role="status" className={tone === 'info' ? styles.notice : `${styles.notice} ${styles[tone]}`}>
      {children}
    </div>
  );
}
