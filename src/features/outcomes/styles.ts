import { makeStyles, tokens } from '@fluentui/react-components';
import { logicalBorder } from '@/ui/logical-border';
import { NARROW } from '@/ui/media';
import { usePageStyles } from '@/ui/page-styles';

// Logical properties only, so that the document mirrors itself in right-to-left languages.
const useOwnStyles = makeStyles({
  document: {
    maxWidth: '48em',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    ...logicalBorder('BlockStart', '8px', 'solid', '#00703C'),
    [NARROW]: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` },
    // On paper the document is the page: no frame, and its sections are not split across sheets.
    '@media print': { maxWidth: 'none', padding: 0, border: 'none' },
  },
  status: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    margin: `0 0 ${tokens.spacingVerticalL}`,
    fontSize: tokens.fontSizeBase400,
  },
  items: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    paddingInlineStart: '1.25em',
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  item: { marginBottom: tokens.spacingVerticalS, breakInside: 'avoid' },
  detail: { display: 'block', color: tokens.colorNeutralForeground2 },
  seal: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
    breakInside: 'avoid',
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  // Its width and height are set by the code's size (QrCode's sizing); never wider than the document. On paper,
  // 45 mm: more than half a millimetre per module for a seal of today, readable by a phone from a printed page.
  qr: {
    display: 'block',
    maxWidth: '100%',
    height: 'auto',
    '@media print': { width: '45mm', height: '45mm' },
  },
  printHidden: { '@media print': { display: 'none' } },
});

/** The page kit's layout and the outcome document's own parts: its frame, summary, lists and seal. */
export function useOutcomeStyles() {
  return { ...usePageStyles(), ...useOwnStyles() };
}
