import { makeStyles, tokens } from '@fluentui/react-components';
import { dividedList, dividedRow, usePageStyles } from '@/ui/page-styles';

const useOwnStyles = makeStyles({
  taskList: { ...dividedList, margin: `0 0 ${tokens.spacingVerticalXL}` },
  task: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    ...dividedRow,
  },
  taskName: { flex: '1 1 14em' },
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
  back: { display: 'inline-block', margin: `0 0 ${tokens.spacingVerticalL}`, fontSize: tokens.fontSizeBase400 },
});

/** The page kit's layout (usePageStyles) and the journey pages' own: the task list, its tags, the back link. */
export function useJourneyStyles() {
  return { ...usePageStyles(), ...useOwnStyles() };
}
