import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';
import { usePageStyles } from '@/ui/page-styles';

const useOwnStyles = makeStyles({
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

/** The page kit's layout (usePageStyles) and the application pages' own summary lists. */
export function useApplicationStyles() {
  return { ...usePageStyles(), ...useOwnStyles() };
}
