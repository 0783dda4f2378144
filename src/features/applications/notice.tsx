import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
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

/** An information or success message, announced politely (role status) without taking focus. */
export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' }) {
  const styles = useStyles();
  return (
    <div role="status" className={tone === 'success' ? `${styles.notice} ${styles.success}` : styles.notice}>
      {children}
    </div>
  );
}
