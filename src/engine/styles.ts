import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';
import { visuallyHidden } from '@/ui/visually-hidden';

/** Text inputs are 56 px high. */
export const INPUT_HEIGHT = '56px';

/** Styles shared by the engine's templates and widgets (GOV.UK layout on Fluent tokens). */
export const useEngineStyles = makeStyles({
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    marginBottom: tokens.spacingVerticalXXL,
    border: 'none',
    padding: 0,
    marginLeft: 0,
    marginRight: 0,
    minWidth: 0,
  },
  groupError: {
    borderLeft: `5px solid ${tokens.colorPaletteRedBorder2}`,
    paddingLeft: tokens.spacingHorizontalL,
  },
  // A group whose errors sit on its parts (the phone's country and number) is marked like any field in error.
  groupWithInvalidPart: {
    ':has([aria-invalid="true"])': {
      borderLeft: `5px solid ${tokens.colorPaletteRedBorder2}`,
      paddingLeft: tokens.spacingHorizontalL,
    },
  },
  label: {
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    color: tokens.colorNeutralForeground1,
    padding: 0,
  },
  hint: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    margin: 0,
  },
  error: {
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    margin: 0,
  },
  input: {
    minHeight: INPUT_HEIGHT,
    width: '100%',
    maxWidth: '32em',
    // A list box (Fluent's Combobox asks for 250 px at least) shrinks to a 320 px window rather than overflow it.
    minWidth: 0,
    '& > input': { minWidth: 0 },
  },
  /**
   * The browser's own list inside Fluent's Select (a list before the page's scripts run) as high as the other fields
   * and the combobox that takes its place: Fluent makes the `<select>` 32 px high inside a root of 56.
   */
  nativeSelect: {
    height: INPUT_HEIGHT,
  },
  inputShort: {
    minHeight: INPUT_HEIGHT,
    width: '5.5em',
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
  },
  column: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    maxWidth: '100%',
  },
  visuallyHidden: visuallyHidden,
  checklist: {
    listStyleType: 'none',
    padding: 0,
    margin: `${tokens.spacingVerticalS} 0 0 0`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    fontSize: tokens.fontSizeBase300,
  },
  ruleMet: {
    color: tokens.colorPaletteGreenForeground1,
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'center',
  },
  ruleUnmet: {
    color: tokens.colorNeutralForeground2,
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'center',
  },
  buttons: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalL,
  },
  fullWidthOnPhone: {
    [NARROW]: { width: '100%' },
  },
});
