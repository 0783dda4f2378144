import { makeStyles, tokens } from '@fluentui/react-components';
import { logicalBorder } from '@/ui/logical-border';
import { NARROW } from '@/ui/media';

/** The photo-taking page's own styles: the camera stage and its frame, the preview, the file picker. */
export const useImageCaptureStyles = makeStyles({
  page: { maxWidth: '40em', margin: '0 auto' },
  stage: {
    position: 'relative',
    width: '100%',
    overflow: 'hidden',
    backgroundColor: '#000000',
    borderRadius: tokens.borderRadiusMedium,
    [NARROW]: { borderRadius: 0 },
  },
  stageSelfie: { aspectRatio: '3 / 4', maxHeight: '70vh', margin: '0 auto' },
  stagePassport: { aspectRatio: '4 / 3' },
  video: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  mirrored: { transform: 'scaleX(-1)' },
  overlay: { position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' },
  hint: {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    margin: 0,
    padding: tokens.spacingHorizontalS,
    textAlign: 'center',
    color: '#FFFFFF',
    backgroundColor: 'rgba(0, 0, 0, 0.7)',
    fontSize: tokens.fontSizeBase400,
  },
  starting: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: '#FFFFFF',
  },
  preview: {
    display: 'block',
    width: '100%',
    height: 'auto',
    maxHeight: '70vh',
    objectFit: 'contain',
    backgroundColor: '#000000',
  },
  primary: { minWidth: '12em', [NARROW]: { width: '100%' } },
  fileBox: { margin: `${tokens.spacingVerticalL} 0` },
  fileBoxError: {
    ...logicalBorder('InlineStart', '5px', 'solid', tokens.colorPaletteRedBorder2),
    paddingInlineStart: tokens.spacingHorizontalL,
  },
  fileError: {
    display: 'block',
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    marginBottom: tokens.spacingVerticalS,
  },
  fileLabel: {
    display: 'block',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    marginBottom: tokens.spacingVerticalXS,
  },
  fileHint: {
    display: 'block',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    marginBottom: tokens.spacingVerticalS,
  },
  fileInput: {
    maxWidth: '100%',
    fontSize: tokens.fontSizeBase400,
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});
