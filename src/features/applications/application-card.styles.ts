import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';
import { dividedRow } from '@/ui/page-styles';

/** An application's card on the applications list: its facts, its applicants and its actions. */
export const useApplicationCardStyles = makeStyles({
  card: {
    margin: `0 0 ${tokens.spacingVerticalXXL}`,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalL}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    [NARROW]: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}` },
  },
  cardTitle: {
    margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
  },
  facts: { margin: `0 0 ${tokens.spacingVerticalM}` },
  applicants: { listStyleType: 'none', margin: 0, padding: 0 },
  applicant: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    ...dividedRow,
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalXS },
    // The list sits in a summary row, which draws its own divider below and pads its top: the first applicant
    // lines up with the row's term, and the last one draws no second divider above the row's.
    ':first-child': { paddingTop: 0 },
    ':last-child': { borderBlockEndStyle: 'none', paddingBottom: 0 },
  },
  applicantName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  applicantFacts: { color: tokens.colorNeutralForeground2 },
  cardActions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalL,
  },
  // The form only carries its button, laid out among the card's actions.
  actionForm: { display: 'contents' },
});
