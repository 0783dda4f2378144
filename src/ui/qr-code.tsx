import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The quiet zone around a QR code, in modules: the four its specification asks for. */
export const QR_QUIET_ZONE = 4;

/** The dark modules of a QR code as one SVG path (one 1x1 square per module), with a 4-module quiet zone. */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = QR_QUIET_ZONE;
  let d = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { size: modules.size + quiet * 2, d };
}

interface QrCodeProps {
  text: string;
  label: string;
  className?: string;
  /**
   * The code's size for reading by a camera or from a screenshot: each module `pixelsPerModule` CSS pixels wide,
   * or fewer, down to the `minimum`, for a code that would be wider than `maxSide` (its width and height, quiet
   * zone included). Without it the class alone sizes the code. The class may still narrow it where the page is
   * narrower (max-width).
   */
  sizing?: { pixelsPerModule: number; minimum: number; maxSide: number };
}

/** A code's side in CSS pixels by its `sizing`: whole pixels per module, so that modules stay sharp. */
export function qrSide(modules: number, sizing: NonNullable<QrCodeProps['sizing']>): number {
  const fitting = Math.floor(sizing.maxSide / modules);
  return modules * Math.max(sizing.minimum, Math.min(sizing.pixelsPerModule, fitting));
}

/** A QR code drawn in the page as inline SVG: nothing is fetched, the link never leaves the browser. */
export function QrCode({ text, label, className, sizing }: QrCodeProps) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  const side = sizing ? qrSide(size, sizing) : undefined;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={side}
      height={side}
      data-modules={size}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#FFFFFF" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
