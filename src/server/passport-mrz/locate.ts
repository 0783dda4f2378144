import sharp from 'sharp';

/**
 * Finding the MRZ on a photo of a passport's data page: the two lines of monospace characters across the lower part of
 * the page. The photo is looked at in a small grey copy: the dark marks (darker than their surroundings, whatever the
 * light and glare), the angle at which their rows line up best (up to MAX_SKEW_DEGREES), and the rows of text at that
 * angle. The MRZ is the lowest pair of long, dense rows of the same height. Each line is then cut from the full photo,
 * straightened, scaled to the text height asked for and its contrast stretched (cropLine).
 */

export const MAX_SKEW_DEGREES = 6;
/** Decoding stops above this many pixels (a small file can claim a huge picture). */
export const MAX_PIXELS = 40_000_000;
/** Width of the copy the MRZ is looked for in. */
const ANALYSIS_WIDTH = 1000;
/** The part of the photo looked at: the MRZ is at the bottom of the page, the page anywhere near the middle. */
const LOWER_FROM = 0.35;

/** A greyscale picture, one byte a pixel. */
export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Dark marks: pixels at least `contrast` darker than the mean of the `radius` square around them. */
export function darkMarks(grey: Grey, radius: number, contrast: number): Uint8Array {
  const { data, width, height } = grey;
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += data[y * width + x];
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1] + row;
    }
  }
  const marks = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum =
        integral[y1 * stride + x1] -
        integral[y0 * stride + x1] -
        integral[y1 * stride + x0] +
        integral[y0 * stride + x0];
      const mean = sum / ((x1 - x0) * (y1 - y0));
      if (data[y * width + x] < mean - contrast) marks[y * width + x] = 1;
    }
  }
  return marks;
}

/** The row a mark falls in when rows are tilted by `slope` (rise per pixel to the right). */
const rowAt = (x: number, y: number, slope: number) => Math.round(y - x * slope);

/** Counts of marks per tilted row, indexed from `offset`. */
function profile(points: Int32Array, count: number, slope: number, offset: number, rows: number): Float64Array {
  const counts = new Float64Array(rows);
  for (let i = 0; i < count; i += 1) {
    const row = rowAt(points[2 * i], points[2 * i + 1], slope) + offset;
    if (row >= 0 && row < rows) counts[row] += 1;
  }
  return counts;
}

/**
 * The tilt at which the marks' rows are sharpest (the largest sum of squared row counts), searched `around` a tilt in
 * degrees, `range` degrees either way.
 */
function bestSlope(
  points: Int32Array,
  count: number,
  width: number,
  height: number,
  around = 0,
  range = MAX_SKEW_DEGREES,
): number {
  const offset = Math.ceil(width * Math.tan(((Math.abs(around) + range) * Math.PI) / 180)) + 1;
  const rows = height + 2 * offset;
  const score = (degrees: number) => {
    const counts = profile(points, count, Math.tan((degrees * Math.PI) / 180), offset, rows);
    let sum = 0;
    for (const c of counts) sum += c * c;
    return sum;
  };
  let best = 0;
  let bestScore = -1;
  const step = range > 2 ? 0.5 : 0.25;
  for (let degrees = around - range; degrees <= around + range; degrees += step) {
    const s = score(degrees);
    if (s > bestScore) [best, bestScore] = [degrees, s];
  }
  for (let degrees = best - step + 0.1; degrees < best + step; degrees += 0.1) {
    const s = score(degrees);
    if (s > bestScore) [best, bestScore] = [degrees, s];
  }
  return Math.tan((best * Math.PI) / 180);
}

/** A row of text in the analysis copy, at the tilt found: its rows [top, bottom) and columns [left, right). */
export interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** Marks in the band per column of its extent. */
  density: number;
}

/** One line of the MRZ in the full photo's pixels (after EXIF rotation): its band, at its own tilt. */
export interface MrzLine extends Band {
  /** Rise per pixel to the right (the page may be seen in perspective: each line has its own). */
  slope: number;
}

/** Where the MRZ was found: its two lines. */
export interface MrzRegion {
  lines: [MrzLine, MrzLine];
}

/** The rows of text among the marks at `slope`. */
function bands(points: Int32Array, count: number, slope: number, width: number, height: number): Band[] {
  const offset = Math.ceil(width * Math.abs(slope)) + 1;
  const rows = height + 2 * offset;
  const counts = profile(points, count, slope, offset, rows);
  // A row belongs to a line of text when it holds a fair share of the busiest row's marks.
  let peak = 0;
  for (const c of counts) peak = Math.max(peak, c);
  const threshold = Math.max(8, peak * 0.12);
  const found: Band[] = [];
  for (let row = 0; row < rows;) {
    if (counts[row] < threshold) {
      row += 1;
      continue;
    }
    let end = row;
    while (end < rows && counts[end] >= threshold) end += 1;
    found.push({ top: row - offset, bottom: end - offset, left: 0, right: 0, density: 0 });
    row = end;
  }
  // Each band's horizontal extent: the columns where its marks are, trimmed of stray marks at either end.
  for (const band of found) {
    const columns = new Uint32Array(width);
    let total = 0;
    for (let i = 0; i < count; i += 1) {
      const row = rowAt(points[2 * i], points[2 * i + 1], slope);
      if (row >= band.top && row < band.bottom) {
        columns[points[2 * i]] += 1;
        total += 1;
      }
    }
    // The text is the run of columns with the most marks and no gap wider than the band is high: the edge of the
    // page or a mark beside the text is apart from it. A column with a single mark (a fine line of the background's
    // pattern) is no ink of a character.
    const gapMax = Math.max(3, band.bottom - band.top);
    const inked = (x: number) => columns[x] >= 2;
    let left = 0;
    let right = 0;
    let bestMarks = -1;
    for (let x = 0; x < width;) {
      if (!inked(x)) {
        x += 1;
        continue;
      }
      let end = x;
      let marks = 0;
      let gap = 0;
      let last = x;
      for (; end < width && gap <= gapMax; end += 1) {
        if (inked(end)) {
          marks += columns[end];
          gap = 0;
          last = end;
        } else gap += 1;
      }
      if (marks > bestMarks) [left, right, bestMarks] = [x, last + 1, marks];
      x = last + 1;
    }
    total = Math.max(0, bestMarks);
    band.left = left;
    band.right = right;
    band.density = total / Math.max(1, right - left);
  }
  return found;
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

/** The photo upright (EXIF), in grey. */
async function greyPhoto(image: Buffer): Promise<Grey> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** A grey picture scaled to `width` pixels wide. */
async function resized(grey: Grey, width: number): Promise<Grey> {
  const { data, info } = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .resize({ width })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
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

/**
 * A line's own tilt and band: the marks near it alone, at the tilt that makes them sharpest. Seen in perspective, the
 * lines at the bottom of the page are not quite as tilted as the text above them.
 */
function refine(points: Int32Array, count: number, width: number, height: number, slope: number, band: Band) {
  const h = band.bottom - band.top;
  const near = new Int32Array(2 * count);
  let n = 0;
  for (let i = 0; i < count; i += 1) {
    const x = points[2 * i];
    const row = rowAt(x, points[2 * i + 1], slope);
    if (row >= band.top - 0.6 * h && row < band.bottom + 0.6 * h && x >= band.left - h && x < band.right + h) {
      near[2 * n] = x;
      near[2 * n + 1] = points[2 * i + 1];
      n += 1;
    }
  }
  const degrees = (Math.atan(slope) * 180) / Math.PI;
  const own = bestSlope(near, n, width, height, degrees, 1.5);
  // The band of the line at its own tilt: the one among the near marks that holds most of them.
  const found = bands(near, n, own, width, height);
  const best = found.reduce<Band | undefined>(
    (a, b) => (!a || b.density * (b.right - b.left) > a.density * (a.right - a.left) ? b : a),
    undefined,
  );
  return best ? { slope: own, band: best } : { slope, band };
}

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

/** A grey picture as PNG, for the OCR. */
export function png(grey: Grey): Promise<Buffer> {
  return sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
