import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';
import { logicalBorder } from '@/ui/logical-border';
import { usePageStyles } from '@/ui/page-styles';

// Logical properties only (inline start and end), so that the pages mirror themselves in right-to-left languages.
const useOwnStyles = makeStyles({
  back: { display: 'inline-block', margin: `0 0 ${tokens.spacingVerticalL}`, fontSize: tokens.fontSizeBase400 },
  table: {
    width: '100%',
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    borderCollapse: 'collapse',
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  caption: {
    textAlign: 'start',
    margin: `0 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  cell: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    paddingInlineStart: 0,
    ...logicalBorder('BlockEnd', '1px', 'solid', tokens.colorNeutralStroke1),
    textAlign: 'start',
    verticalAlign: 'top',
    overflowWrap: 'anywhere',
  },
  amount: { textAlign: 'end', whiteSpace: 'nowrap', paddingInlineEnd: 0 },
  head: { fontWeight: tokens.fontWeightSemibold },
  total: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500, borderBlockEndStyle: 'none' },
  notReady: { display: 'block', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  applicantName: { overflowWrap: 'anywhere' },
  plainList: { margin: 0, padding: 0, listStyleType: 'none' },
  referenceLabel: { margin: `${tokens.spacingVerticalM} 0 0`, fontSize: tokens.fontSizeBase500 },
  // Large, and spaced so that each character can be read out over the phone without being misheard.
  reference: {
    display: 'block',
    margin: `${tokens.spacingVerticalS} 0 0`,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '0.12em',
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
    // Small enough on a phone that the reference stays on one line.
    [NARROW]: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, letterSpacing: '0.06em' },
  },
  status: { margin: `0 0 ${tokens.spacingVerticalXL}` },
  official: { fontWeight: tokens.fontWeightSemibold },
  // Text that carries an e-mail address, which has no place to break and may be longer than a phone is wide.
  breakAnywhere: { overflowWrap: 'anywhere' },
});

/** The page kit's layout and the payment pages' own parts: the fee table, the receipt and its reference. */
export function usePaymentStyles() {
  return { ...usePageStyles(), ...useOwnStyles() };
}
