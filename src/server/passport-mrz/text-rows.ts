import type { Grey } from './grey';

/**
 * The rows of text on a grey picture: its dark marks (darker than their surroundings, whatever the light and glare),
 * the angle at which their rows line up best, and the rows of text at that angle, each with its extent and density.
 */

/** The rows of text are looked for at tilts up to this many degrees either way. */
export const MAX_SKEW_DEGREES = 6;

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
export function bestSlope(
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

/** The rows of text among the marks at `slope`. */
export function bands(points: Int32Array, count: number, slope: number, width: number, height: number): Band[] {
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
 * A line's own tilt and band: the marks near it alone, at the tilt that makes them sharpest. Seen in perspective, the
 * lines at the bottom of the page are not quite as tilted as the text above them.
 */
export function refine(points: Int32Array, count: number, width: number, height: number, slope: number, band: Band) {
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
