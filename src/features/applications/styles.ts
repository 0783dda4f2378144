import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';

/** The GOV.UK-like layout of the application pages: large headings, one column of text, clear actions. */
export const useApplicationStyles = makeStyles({
  page: { maxWidth: '48em' },
  column: { maxWidth: '38em' },
  title: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    ':focus': { outline: 'none' },
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}` },
    [NARROW]: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  },
  h2: {
    margin: `${tokens.spacingVerticalXXL} 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
  },
  h3: {
    margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  lead: {
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
  },
  text: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    margin: `${tokens.spacingVerticalXL} 0`,
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    fontSize: tokens.fontSizeBase400,
    textUnderlineOffset: '3px',
    ':hover': { textDecorationThickness: '2px', color: tokens.colorBrandForegroundLinkHover },
  },
  inset: {
    margin: `${tokens.spacingVerticalL} 0`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderLeft: `6px solid ${tokens.colorNeutralStroke1}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  fullWidthOnPhone: { [NARROW]: { width: '100%' } },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  summaryList: { margin: `0 0 ${tokens.spacingVerticalL}` },
  summaryRow: {
    display: 'grid',
    gridTemplateColumns: '12em minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalXXS },
  },
  summaryRowWithAction: {
    gridTemplateColumns: '12em minmax(0, 1fr) auto',
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' },
});
