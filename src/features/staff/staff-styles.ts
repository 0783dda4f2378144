import { makeStyles, tokens } from '@fluentui/react-components';
import { logicalBorder } from '@/ui/logical-border';

/** The staff pages' tables: full width, divided rows, scrolled sideways on a narrow screen rather than cut. */
export const useStaffTableStyles = makeStyles({
  scroll: { overflowX: 'auto', marginBottom: tokens.spacingVerticalXL },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
  caption: {
    textAlign: 'start',
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    paddingBottom: tokens.spacingVerticalS,
  },
  cell: {
    textAlign: 'start',
    verticalAlign: 'top',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS} 0`,
    ...logicalBorder('BlockEnd', '1px', 'solid', tokens.colorNeutralStroke2),
    overflowWrap: 'anywhere',
  },
  head: { fontWeight: tokens.fontWeightSemibold },
  live: {
    display: 'inline-block',
    marginInlineStart: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorPaletteGreenBackground2,
    color: tokens.colorPaletteGreenForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  detail: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap' },
});
