import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef, type ReactNode } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning';

// Each tone's left border keeps at least 3:1 against its fill and the page, and the text at least 4.5:1 on the
// fill (info #0F6CBD on #EBF3FC 4.8:1, success #00703C on #F1FAF1 5.8:1, warning #B35900 on #FFF7DB 4.5:1).
const useStyles = makeStyles({
  notice: {
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    padding: tokens.spacingHorizontalL,
    borderLeftWidth: '6px',
    borderLeftStyle: 'solid',
    borderLeftColor: tokens.colorBrandBackground,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  info: {},
  success: { borderLeftColor: '#00703C', backgroundColor: tokens.colorPaletteGreenBackground1 },
  warning: { borderLeftColor: '#B35900', backgroundColor: '#FFF7DB' },
});

/**
 * An information, success or warning message, announced politely (role status) without taking focus: a saved
 * confirmation, an e-mail sent, saving trouble. With `focus` it takes focus when it appears (the outcome of an
 * action whose control has gone, such as the applicant just removed), so that it is read out and the keyboard
 * goes on from there.
 */
export function Notice({
  children,
  tone = 'info',
  focus = false,
}: {
  children: ReactNode;
  tone?: NoticeTone;
  focus?: boolean;
}) {
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={focus ? -1 : undefined}
      className={mergeClasses(styles.notice, styles[tone])}
    >
      {children}
    </div>
  );
}
