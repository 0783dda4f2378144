import { useId } from 'react';
import type { CaptureType } from '@/api/capture';
import { useImageCaptureStyles } from './image-capture.styles';

/** The frame drawn over the camera: an oval for a face, a card-shaped box for a passport's data page. */
export function CaptureFrame({ type }: { type: CaptureType }) {
  const styles = useImageCaptureStyles();
  const maskId = useId();
  const shape =
    type === 'biometrics' ? (
      <ellipse cx="50" cy="46" rx="30" ry="38" />
    ) : (
      <rect x="10" y="5" width="80" height="75" rx="3" />
    );
  return (
    <svg
      className={styles.overlay}
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <mask id={maskId}>
          <rect width="100" height="100" fill="#FFFFFF" />
          <g fill="#000000">{shape}</g>
        </mask>
      </defs>
      <rect width="100" height="100" fill="rgba(0,0,0,0.45)" mask={`url(#${maskId})`} />
      <g fill="none" stroke="#FFFFFF" strokeWidth="0.8" vectorEffect="non-scaling-stroke">
        {shape}
      </g>
    </svg>
  );
}
