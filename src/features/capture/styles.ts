import { makeStyles, tokens } from '@fluentui/react-components';
import { NARROW } from '@/ui/media';
import { usePageStyles } from '@/ui/page-styles';

const useOwnStyles = makeStyles({
  /** Paragraphs inside a notice: spaced apart, none after the last. */
  noticeText: { margin: `0 0 ${tokens.spacingVerticalS}`, ':last-child': { marginBottom: 0 } },
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
});

/** The page kit's layout (usePageStyles) and the capture pages' own: progress, tags, the two ways, the QR code. */
export function useCaptureStyles() {
  return { ...usePageStyles(), ...useOwnStyles() };
}
