import { makeStyles, tokens } from '@fluentui/react-components';
import { logicalBorder } from '@/ui/logical-border';

/** The staff pages' tables: full width, divided rows, scrolled sideways on a narrow screen rather than cut. */
export const useStaffTableStyles = makeStyles({
  scroll: {
    overflowX: 'auto',
    marginBottom: tokens.spacingVerticalXL,
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}` },
  },
  // Wide enough that a narrow screen scrolls the table rather than breaking its words letter by letter.
  table: { width: '100%', minWidth: '36em', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
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
    overflowWrap: 'break-word',
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
  detail: { margin: 0 },
  detailRow: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
  detailName: { fontWeight: tokens.fontWeightSemibold },
  detailValue: { margin: 0, overflowWrap: 'anywhere' },
});
