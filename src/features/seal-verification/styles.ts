import { makeStyles, tokens } from '@fluentui/react-components';
import { logicalBorder } from '@/ui/logical-border';
import { usePageStyles } from '@/ui/page-styles';

const useOwnStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // The text box itself (Fluent's inner textarea) is what must be tall: the frame around it follows.
  textarea: { fontFamily: 'monospace', minHeight: '8em' },
  // As the portal's form fields: label, hint, error message and control, one under the other.
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  fieldError: {
    ...logicalBorder('InlineStart', '5px', 'solid', tokens.colorPaletteRedBorder2),
    paddingInlineStart: tokens.spacingHorizontalL,
  },
  label: {
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
  },
  hint: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  fieldErrorMessage: {
    margin: 0,
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
  },
  video: { display: 'block', width: '100%', maxWidth: '24em', backgroundColor: '#000000' },
  outcome: {
    margin: `${tokens.spacingVerticalXL} 0`,
    padding: tokens.spacingHorizontalL,
    ...logicalBorder('InlineStart', '6px', 'solid', '#00703C'),
    backgroundColor: tokens.colorPaletteGreenBackground1,
  },
  refused: {
    margin: `${tokens.spacingVerticalXL} 0`,
    padding: tokens.spacingHorizontalL,
    ...logicalBorder('InlineStart', '6px', 'solid', tokens.colorPaletteRedBorder2),
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
  heading: { marginTop: 0 },
});

/** The page kit's layout and the seal check's own parts: the input, the camera and the answer. */
export function useSealStyles() {
  return { ...usePageStyles(), ...useOwnStyles() };
}
