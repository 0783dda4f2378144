import type { Grey } from './grey';
import type { MrzLine } from './text-rows';

/** How a line is cut: the height its characters are scaled to, and the white margin around them (in line heights). */
export interface CropOptions {
  textHeight: number;
  margin: number;
  /** Horizontal scale beyond the height's (1: the characters' own proportions). */
  stretch?: number;
}

/**
 * One MRZ line cut from the photo: straightened (turned by its tilt), scaled so that its characters are `textHeight`
 * pixels high, its contrast stretched (text black, paper white), and nothing around it but white: the edge of the page
 * or the text above would be read as characters.
 */
export function cropLine(
  photo: Grey,
  line: MrzLine,
  { textHeight, margin, stretch = 1 }: CropOptions,
): Grey & { textLeft: number; textRight: number } {
  const lineHeight = line.bottom - line.top;
  const angle = Math.atan(line.slope);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const k = textHeight / (lineHeight * cos);
  // The text's top left corner in the photo, and its size along and across the line, in the crop's pixels.
  const ox = line.left;
  const oy = line.top + line.left * line.slope;
  const kx = k * stretch;
  const textWidth = Math.round(((line.right - line.left) / cos) * kx);
  const bleed = Math.round(0.2 * textHeight);
  const pad = Math.max(bleed, Math.round(margin * textHeight));
  const width = textWidth + 2 * pad;
  const height = textHeight + 2 * pad;
  // The text itself is sampled a little beyond its band (bleed), so that no character is cut; the rest is white.
  const out = new Uint8Array(width * height).fill(255);
  const { data, width: pw, height: ph } = photo;
  const sampled: number[] = [];
  for (let v = -bleed; v < textHeight + bleed; v += 1) {
    for (let u = -bleed; u < textWidth + bleed; u += 1) {
      const x = ox + (u / kx) * cos - (v / k) * sin;
      const y = oy + (u / kx) * sin + (v / k) * cos;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      let value = 255;
      if (x0 >= 0 && y0 >= 0 && x0 < pw - 1 && y0 < ph - 1) {
        const fx = x - x0;
        const fy = y - y0;
        const i = y0 * pw + x0;
        value =
          data[i] * (1 - fx) * (1 - fy) +
          data[i + 1] * fx * (1 - fy) +
          data[i + pw] * (1 - fx) * fy +
          data[i + pw + 1] * fx * fy;
      }
      out[(v + pad) * width + u + pad] = value;
      sampled.push(value);
    }
  }
  // Contrast: the darkest 3% of the text's pixels black, the lightest 30% (paper) white.
  sampled.sort((a, b) => a - b);
  const black = sampled[Math.floor(sampled.length * 0.03)];
  const white = sampled[Math.floor(sampled.length * 0.7)];
  const span = Math.max(1, white - black);
  for (let v = pad - bleed; v < pad + textHeight + bleed; v += 1) {
    for (let u = pad - bleed; u < pad + textWidth + bleed; u += 1) {
      const i = v * width + u;
      const value = ((out[i] - black) * 255) / span;
      out[i] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return { data: out, width, height, textLeft: pad, textRight: pad + textWidth };
}
