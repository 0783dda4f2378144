import { makeStyles, tokens } from '@fluentui/react-components';
import { logicalBorder } from './logical-border';
import { NARROW } from './media';
import { visuallyHidden } from './visually-hidden';

/** A list of divided rows (`dividedRow`): no bullets, a divider above its first row. */
export const dividedList = {
  listStyleType: 'none',
  padding: 0,
  ...logicalBorder('BlockStart', '1px', 'solid', tokens.colorNeutralStroke2),
} as const;

/**
 * A row of a list with a divider under it, in the body text's size: a summary list's row, the task list's tasks, an
 * application's applicants. A list spreads it into its own row style, which adds only the row's layout.
 */
export const dividedRow = {
  padding: `${tokens.spacingVerticalM} 0`,
  ...logicalBorder('BlockEnd', '1px', 'solid', tokens.colorNeutralStroke2),
  fontSize: tokens.fontSizeBase400,
  lineHeight: tokens.lineHeightBase500,
} as const;

/**
 * The GOV.UK-like page layout every page draws with: one column, large headings, clear actions. A page's content
 * sits in `page` (38em: forms and text, a comfortable line length) or `wide` (48em: lists, tables and side-by-side
 * choices). A feature keeps in its own stylesheet only what is its own (a task list, tags, a camera frame).
 */
export const usePageStyles = makeStyles({
  page: { maxWidth: '38em' },
  wide: { maxWidth: '48em' },
  title: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    ':focus': { outline: 'none' },
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}` },
    [NARROW]: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  },
  caption: {
    display: 'block',
    marginBottom: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightRegular,
    overflowWrap: 'anywhere',
  },
  h2: {
    margin: `${tokens.spacingVerticalXXL} 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
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
  strong: {
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    margin: `${tokens.spacingVerticalXL} 0`,
  },
  links: {
    margin: `${tokens.spacingVerticalXL} 0 0`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    fontSize: tokens.fontSizeBase400,
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    fontSize: tokens.fontSizeBase400,
    textUnderlineOffset: '3px',
    ':hover': { textDecorationThickness: '2px', color: tokens.colorBrandForegroundLinkHover },
  },
  panel: {
    margin: `0 0 ${tokens.spacingVerticalXXL}`,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: '#00703C',
    color: '#FFFFFF',
    [NARROW]: { padding: tokens.spacingHorizontalL },
    // The page's black focus ring is hard to see on the dark green (3.4:1): a white one (6.3:1), kept on the panel.
    '& h1:focus-visible': { outline: '3px solid #FFFFFF', outlineOffset: '3px' },
  },
  panelTitle: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    [NARROW]: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  },
  inset: {
    margin: `${tokens.spacingVerticalL} 0`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderLeft: `6px solid ${tokens.colorNeutralStroke1}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  /** A bulleted list in running text. */
  list: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    paddingLeft: '1.25em',
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  /**
   * A summary list (`<dl>` of rows, each a `<div>` of a `<dt>` term and its `<dd>` values): facts of an application,
   * an applicant, an account or a document, a term beside its value, the one under the other on a phone.
   */
  summaryList: { margin: `0 0 ${tokens.spacingVerticalL}` },
  summaryRow: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 12em) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    ...dividedRow,
    breakInside: 'avoid',
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalXXS },
  },
  /** A row that ends with an action (a Change link). */
  summaryRowWithAction: {
    gridTemplateColumns: 'minmax(0, 12em) minmax(0, 1fr) auto',
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  summaryTerm: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  summaryValue: { margin: 0, overflowWrap: 'anywhere' },
  fullWidthOnPhone: {
    [NARROW]: { width: '100%' },
  },
  /** Read by screen readers, not drawn. */
  visuallyHidden: visuallyHidden,
});
