import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';
import { logicalBorder } from '@/ui/logical-border';
import { dividedList, dividedRow, usePageStyles } from '@/ui/page-styles';

// Logical properties only (inline start and end), so that the page mirrors itself in right-to-left languages.
const useOwnStyles = makeStyles({
  back: { display: 'inline-block', margin: `0 0 ${tokens.spacingVerticalL}`, fontSize: tokens.fontSizeBase400 },
  section: {
    margin: `0 0 ${tokens.spacingVerticalXXL}`,
    paddingBlockEnd: tokens.spacingVerticalL,
    ...logicalBorder('BlockEnd', '1px', 'solid', tokens.colorNeutralStroke2),
  },
  sectionError: {
    ...logicalBorder('InlineStart', '5px', 'solid', tokens.colorPaletteRedBorder2),
    paddingInlineStart: tokens.spacingHorizontalL,
  },
  hint: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  error: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  files: { ...dividedList, margin: `0 0 ${tokens.spacingVerticalL}` },
  file: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    ...dividedRow,
  },
  fileName: { flex: '1 1 14em', minWidth: 0, overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  fileSize: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightRegular },
  fileActions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  none: { margin: `0 0 ${tokens.spacingVerticalL}`, fontSize: tokens.fontSizeBase400 },
  upload: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: `0 0 ${tokens.spacingVerticalL}`,
  },
  label: {
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
  },
  uploadHint: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  progress: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: `0 0 ${tokens.spacingVerticalL}`,
  },
  progressText: { margin: 0, fontSize: tokens.fontSizeBase400, overflowWrap: 'anywhere' },
  reuse: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  reuseSummary: {
    cursor: 'pointer',
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
    textUnderlineOffset: '3px',
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}` },
  },
  reuseBody: {
    paddingInlineStart: tokens.spacingHorizontalL,
    ...logicalBorder('InlineStart', '4px', 'solid', tokens.colorNeutralStroke1),
  },
  hiddenInput: {
    // Opened by its Replace button; kept in the document (not display: none) so the browser lets it open.
    position: 'absolute',
    width: '1px',
    height: '1px',
    opacity: 0,
    overflow: 'hidden',
  },
  continue: { [NARROW]: { width: '100%' } },
  // A form around one button lays the button out as though the form were not there.
  inlineForm: { display: 'contents' },
});

/** The page kit's layout and the documents page's own parts: sections, file rows, upload and progress. */
export function useDocumentStyles() {
  return { ...usePageStyles(), ...useOwnStyles() };
}
