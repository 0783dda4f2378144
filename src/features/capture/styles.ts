import { makeStyles, tokens } from '@fluentui/react-components';

// Features may not import app/theme; this is its sm (600 px) breakpoint.
export const NARROW = '@media (max-width: 599.98px)';

/** The capture pages' layout: one column of text, large headings, clear actions; phone first. */
export const useCaptureStyles = makeStyles({
  page: { maxWidth: '48em' },
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
  /** Paragraphs inside a notice: spaced apart, none after the last. */
  noticeText: { margin: `0 0 ${tokens.spacingVerticalS}`, ':last-child': { marginBottom: 0 } },
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
  fullWidthOnPhone: { [NARROW]: { width: '100%' } },
  progress: { listStyle: 'none', margin: `0 0 ${tokens.spacingVerticalXL}`, padding: 0, maxWidth: '30em' },
  progressItem: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  tag: { padding: `0 ${tokens.spacingHorizontalS}`, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  tagDone: { color: '#005A30', backgroundColor: '#CCE2D8' },
  tagNext: { color: '#0C2D6A', backgroundColor: '#BBD4EA' },
  tagWaiting: { color: '#383F43', backgroundColor: '#E5E6E7' },
  ways: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalXXL,
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: 0 },
  },
  way: {
    padding: tokens.spacingHorizontalL,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    [NARROW]: { marginBottom: tokens.spacingVerticalL },
  },
  wayHeading: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  qr: {
    display: 'block',
    width: '200px',
    height: '200px',
    margin: `${tokens.spacingVerticalM} 0`,
    backgroundColor: '#FFFFFF',
  },
  phoneLink: {
    display: 'block',
    margin: `${tokens.spacingVerticalS} 0`,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase300,
    overflowWrap: 'anywhere',
  },
  list: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    paddingLeft: '1.25em',
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  inset: {
    margin: `${tokens.spacingVerticalL} 0`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderLeft: `6px solid ${tokens.colorNeutralStroke1}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
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
});
