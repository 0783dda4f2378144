import { greyPhoto, resized, type Grey } from './grey';
import { bands, bestSlope, darkMarks, refine, type Band, type MrzLine } from './text-rows';

/**
 * Finding the MRZ on a photo of a passport's data page: the two lines of monospace characters across the lower part of
 * the page. The photo is looked at in a small grey copy: the dark marks (darker than their surroundings, whatever the
 * light and glare), the angle at which their rows line up best (up to MAX_SKEW_DEGREES), and the rows of text at that
 * angle. The MRZ is the lowest pair of long, dense rows of the same height. Each line is then cut from the full photo,
 * straightened, scaled to the text height asked for and its contrast stretched (cropLine).
 *
 * The steps, one file each: grey.ts decodes the photo in grey, text-rows.ts finds the marks, their tilt and their rows
 * of text, this file picks the MRZ's two lines among the rows, and crop-line.ts cuts a line out for the OCR.
 */

export { cropLine } from './crop-line';
export { png } from './grey';

/** Width of the copy the MRZ is looked for in. */
const ANALYSIS_WIDTH = 1000;
/** The part of the photo looked at: the MRZ is at the bottom of the page, the page anywhere near the middle. */
const LOWER_FROM = 0.35;

/** Where the MRZ was found: its two lines. */
export interface MrzRegion {
  lines: [MrzLine, MrzLine];
}

/**
 * The lowest pair of bands that look like the MRZ: each wide (a good part of the photo) and at least as wide as the
 * other text, of about the same height, one under the other at about one and a half line heights.
 */
function mrzPair(found: Band[], width: number): [Band, Band] | undefined {
  const candidates: { pair: [Band, Band]; score: number }[] = [];
  for (let i = found.length - 1; i > 0; i -= 1) {
    const second = found[i];
    for (let j = i - 1; j >= Math.max(0, i - 3); j -= 1) {
      const first = found[j];
      const h1 = first.bottom - first.top;
      const h2 = second.bottom - second.top;
      const height = (h1 + h2) / 2;
      if (height < 4) continue;
      if (Math.max(h1, h2) > 1.8 * Math.min(h1, h2)) continue;
      const gap = second.top - first.bottom;
      if (gap < 0.1 * height || gap > 2.5 * height) continue;
      const w1 = first.right - first.left;
      const w2 = second.right - second.left;
      // The lines are 44 characters: about 25 times as wide as they are high, and as wide as each other.
      if (w1 < 0.3 * width || w2 < 0.3 * width) continue;
      if (Math.min(w1, w2) < 0.6 * Math.max(w1, w2)) continue;
      if (Math.min(w1, w2) < 12 * height) continue;
      candidates.push({ pair: [first, second], score: second.bottom });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  return candidates[0]?.pair;
}

/** Finds the MRZ's two lines on a photo: where they are, and the photo in grey; undefined when nothing looks like it. */
export async function locateMrz(image: Buffer): Promise<{ region: MrzRegion; photo: Grey } | undefined> {
  const photo = await greyPhoto(image);
  const scale = Math.min(1, ANALYSIS_WIDTH / photo.width);
  const analysis = scale < 1 ? await resized(photo, ANALYSIS_WIDTH) : photo;
  const region = locateIn(analysis, analysis.width / photo.width);
  return region && { region, photo };
}

function locateIn(analysis: Grey, scale: number): MrzRegion | undefined {
  const top = Math.floor(analysis.height * LOWER_FROM);
  const lower: Grey = {
    data: analysis.data.subarray(top * analysis.width),
    width: analysis.width,
    height: analysis.height - top,
  };
  const marks = darkMarks(lower, 12, 18);
  let count = 0;
  for (const mark of marks) count += mark;
  if (count < 200) return undefined;
  const points = new Int32Array(2 * count);
  let at = 0;
  for (let y = 0; y < lower.height; y += 1)
    for (let x = 0; x < lower.width; x += 1)
      if (marks[y * lower.width + x]) {
        points[at++] = x;
        points[at++] = y;
      }
  const slope = bestSlope(points, count, lower.width, lower.height);
  const pair = mrzPair(bands(points, count, slope, lower.width, lower.height), lower.width);
  if (!pair) return undefined;
  const line = (band: Band): MrzLine => {
    const refined = refine(points, count, lower.width, lower.height, slope, band);
    return {
      slope: refined.slope,
      top: (refined.band.top + top) / scale,
      bottom: (refined.band.bottom + top) / scale,
      left: refined.band.left / scale,
      right: refined.band.right / scale,
      density: refined.band.density,
    };
  };
  return { lines: [line(pair[0]), line(pair[1])] };
}
