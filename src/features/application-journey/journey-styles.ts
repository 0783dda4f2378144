import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';

/** GOV.UK-like layout of the journey pages: one readable column, task lists and tags. */
export const useJourneyStyles = makeStyles({
  page: { maxWidth: '44em' },
  title: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    [NARROW]: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  },
  lead: {
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  h2: {
    margin: `${tokens.spacingVerticalXXL} 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  taskList: {
    listStyleType: 'none',
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    padding: 0,
    borderTop: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  task: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  taskName: { flex: '1 1 14em' },
  link: {
    color: tokens.colorBrandForegroundLink,
    textUnderlineOffset: '3px',
    ':hover': { textDecorationThickness: '2px', color: tokens.colorBrandForegroundLinkHover },
  },
  tag: {
    display: 'inline-block',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightRegular,
  },
  tagCompleted: { backgroundColor: '#CCE2D8', color: '#005A30' },
  tagInProgress: { backgroundColor: '#BBD4EA', color: '#0C2D4A' },
  tagNotYet: { color: tokens.colorNeutralForeground2 },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    margin: `${tokens.spacingVerticalXL} 0`,
  },
  back: { display: 'inline-block', margin: `0 0 ${tokens.spacingVerticalL}`, fontSize: tokens.fontSizeBase400 },
  fullWidthOnPhone: { [NARROW]: { width: '100%' } },
});
