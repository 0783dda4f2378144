import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type ChangeEvent } from 'react';
import { useHydrated } from './use-hydrated';

const useStyles = makeStyles({
  // A button and the chosen file's name in the page's language, with the browser's file input laid over them,
  // transparent (it is what is focused, clicked and announced), so the control is focused visibly like every
  // other one.
  picker: {
    position: 'relative',
    display: 'inline-flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    alignSelf: 'flex-start',
    gap: tokens.spacingHorizontalM,
    maxWidth: '100%',
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase400,
    ':focus-within': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  pickerError: { outline: `2px solid ${tokens.colorPaletteRedBorder2}` },
  button: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  name: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  // Before (or without) the page's scripts the browser's own control shows, which names the file chosen by itself.
  native: { maxWidth: '100%', fontFamily: 'inherit', fontSize: 'inherit' },
  input: {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    margin: 0,
    opacity: 0,
    cursor: 'pointer',
  },
});

export interface FilePickerProps {
  id: string;
  /** The field's name in a form posted without scripts. */
  name?: string;
  /** Which camera a phone opens for it (the front one for a selfie), instead of asking for a file. */
  capture?: 'user' | 'environment';
  accept: string;
  /** The ids of the hint and of the error message, when shown. */
  describedBy: string | undefined;
  invalid: boolean;
  /** The button's text in the page's language ("Choose file"). */
  chooseText: string;
  /** What the control says while no file is chosen ("No file chosen"). */
  noFileText: string;
  /**
   * What it says instead when the file chosen last was refused ("scan.gif was not uploaded"), so that it never
   * reads as though nothing had happened.
   */
  refusedText?: string;
  onChosen(event: ChangeEvent<HTMLInputElement>): void;
}

/**
 * A file input whose button and "no file chosen" are in the page's language (the browser's own are in the
 * browser's). The real input lies over our button, transparent: it keeps its label, is what the keyboard focuses
 * and what a click opens, and screen readers announce it as the file button it is; the button is drawn only.
 * Until the page's scripts run (which name the chosen file), the browser's own control is shown instead.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(props, ref) {
  const { id, name, capture, accept, describedBy, invalid, chooseText, noFileText, refusedText, onChosen } = props;
  const styles = useStyles();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current as HTMLInputElement);
  useEffect(() => {
    // A file chosen before the page's scripts ran is in the input already: it is taken as though chosen now.
    if (input.current?.files?.length) input.current.dispatchEvent(new Event('change', { bubbles: true }));
  }, []);
  return (
    <div className={mergeClasses(styles.picker, invalid ? styles.pickerError : undefined)}>
      {hydrated && (
        <>
          <span className={styles.button} aria-hidden="true">
            {chooseText}
          </span>
          <span className={styles.name}>{refusedText ?? (chosen === null ? noFileText : <bdi>{chosen}</bdi>)}</span>
        </>
      )}
      {!hydrated && refusedText && <span className={styles.name}>{refusedText}</span>}
      <input
        ref={input}
        id={id}
        name={name}
        capture={capture}
        type="file"
        className={hydrated ? styles.input : styles.native}
        accept={accept}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          setChosen(event.target.files?.[0]?.name ?? null);
          onChosen(event);
        }}
      />
    </div>
  );
});
