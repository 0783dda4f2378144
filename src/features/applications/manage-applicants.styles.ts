import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';

/** The manage-applicants page's own styles: an applicant's card, the refusal help, the cancel link. */
export const useManageApplicantsStyles = makeStyles({
  card: {
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    [NARROW]: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}` },
  },
  cardActions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  help: {
    margin: `${tokens.spacingVerticalXL} 0`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderLeft: `6px solid ${tokens.colorBrandBackground}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  helpTitle: {
    margin: `${tokens.spacingVerticalS} 0`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
  },
  cancel: { margin: `${tokens.spacingVerticalL} 0 0`, fontSize: tokens.fontSizeBase400 },
});
