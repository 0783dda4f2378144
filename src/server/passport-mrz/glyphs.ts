import { placed, type EngineCells, type LinePicture } from './cell-placement';
import { TD3_LINE_LENGTH } from './td3';

/**
 * The cells' glyphs in the pictures the engines read, compared with each other: on one line every character is
 * printed in the same font, light and blur, so cells that hold the same character look alike and cells that hold
 * different ones do not. What settles readings the check digits and the engines leave in doubt.
 */

/** Pixels a glyph may be moved either way when two are compared: the cells' centres are known to about that. */
const SHIFT = 2;

/** Each cell's glyph: a patch of the picture around its centre, a pitch wide and the text's height, SHIFT more all round. */
interface Glyphs {
  patches: Float32Array[];
  width: number;
  height: number;
}

function glyphsOf({ crop, symbols }: LinePicture): Glyphs | undefined {
  const { fit } = placed({ symbols, textLeft: crop.textLeft, textRight: crop.textRight });
  if (!fit) return undefined;
  const [a, b, c] = fit;
  const pitch = b + c * (TD3_LINE_LENGTH - 1);
  if (!(pitch > 4)) return undefined;
  const textTop = crop.textLeft;
  const textHeight = crop.height - 2 * textTop;
  const width = Math.round(pitch) + 2 * SHIFT;
  const height = textHeight + 2 + 2 * SHIFT;
  const top = textTop - 1 - SHIFT;
  const patches: Float32Array[] = [];
  for (let cell = 0; cell < TD3_LINE_LENGTH; cell += 1) {
    const left = Math.round(a + b * cell + c * cell * cell - width / 2);
    const patch = new Float32Array(width * height).fill(255);
    for (let y = 0; y < height; y += 1) {
      const py = top + y;
      if (py < 0 || py >= crop.height) continue;
      for (let x = 0; x < width; x += 1) {
        const px = left + x;
        if (px >= 0 && px < crop.width) patch[y * width + x] = crop.data[py * crop.width + px];
      }
    }
    patches.push(patch);
  }
  return { patches, width, height };
}

/** How alike two cells' glyphs are: their best normalised cross-correlation, one moved up to SHIFT pixels. */
function likeness(glyphs: Glyphs, one: number, other: number): number {
  const { width, height } = glyphs;
  const a = glyphs.patches[one];
  const b = glyphs.patches[other];
  const w = width - 2 * SHIFT;
  const h = height - 2 * SHIFT;
  const n = w * h;
  let sumA = 0;
  let sumA2 = 0;
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const v = a[(y + SHIFT) * width + x + SHIFT];
      sumA += v;
      sumA2 += v * v;
    }
  const varA = sumA2 - (sumA * sumA) / n;
  let best = -1;
  for (let dy = -SHIFT; dy <= SHIFT; dy += 1)
    for (let dx = -SHIFT; dx <= SHIFT; dx += 1) {
      let sumB = 0;
      let sumB2 = 0;
      let sumAB = 0;
      for (let y = 0; y < h; y += 1)
        for (let x = 0; x < w; x += 1) {
          const va = a[(y + SHIFT) * width + x + SHIFT];
          const vb = b[(y + SHIFT + dy) * width + x + SHIFT + dx];
          sumB += vb;
          sumB2 += vb * vb;
          sumAB += va * vb;
        }
      const varB = sumB2 - (sumB * sumB) / n;
      const cov = sumAB - (sumA * sumB) / n;
      const r = varA > 0 && varB > 0 ? cov / Math.sqrt(varA * varB) : 0;
      if (r > best) best = r;
    }
  return best;
}

/** Two glyphs of the same character look at least this alike (normalised cross-correlation), in the mean of the pictures. */
export const SAME_GLYPH = 0.87;
/** A character read once on the line looks less like any other character than this. */
export const OTHER_GLYPH = 0.93;
/** Glyphs of the same character each cell is compared with, at most (the next ones along the line). */
const PARTNERS = 4;

/**
 * Whether the line's glyphs agree with its characters, in every picture of it: every two cells of the same character
 * look alike (SAME_GLYPH), and a character found once looks like no other character of the line (OTHER_GLYPH).
 * `alike(i, j)` is the likeness of cells i and j.
 */
function glyphsAgree(line: string, alike: (i: number, j: number) => number): boolean {
  const groups = new Map<string, number[]>();
  for (const [cell, char] of [...line].entries()) groups.set(char, [...(groups.get(char) ?? []), cell]);
  for (const [char, cells] of groups) {
    if (cells.length > 1) {
      for (const [i, cell] of cells.entries())
        for (let k = 1; k <= Math.min(PARTNERS, cells.length - 1); k += 1) {
          const other = cells[(i + k) % cells.length];
          if (alike(cell, other) < SAME_GLYPH) return false;
        }
      continue;
    }
    for (const [otherChar, others] of groups) {
      if (otherChar === char) continue;
      for (const other of others.slice(0, 2)) {
        if (alike(cells[0], other) >= OTHER_GLYPH) return false;
      }
    }
  }
  return true;
}

/**
 * Whether each of `cells` holds a character the line holds in another cell too: a glyph settled so looked like
 * theirs. A character found once on the line is never taken from its glyph alone: that it looks like no other
 * character says little (a true 8 under glare may look unlike the line's other 8s, and an S nowhere else is then
 * all that agrees).
 */
export function heldElsewhere(line: string, cells: number[]): boolean {
  return cells.every((cell) => [...line].some((char, other) => other !== cell && char === line[cell]));
}

/** Of `lines`, the only one whose glyphs agree with its characters in the pictures of `readings` (glyphsAgree). */
export function agreeingAlone(readings: EngineCells[], lines: string[]): string | undefined {
  const pictures = readings.flatMap(({ picture }) => {
    const glyphs = picture && glyphsOf(picture);
    return glyphs ? [glyphs] : [];
  });
  if (pictures.length === 0) return undefined;
  const known = new Map<number, number>();
  const alike = (i: number, j: number) => {
    const key = Math.min(i, j) * TD3_LINE_LENGTH + Math.max(i, j);
    let r = known.get(key);
    if (r === undefined) {
      r = pictures.reduce((sum, glyphs) => sum + likeness(glyphs, i, j), 0) / pictures.length;
      known.set(key, r);
    }
    return r;
  };
  const agreeing = lines.filter((line) => glyphsAgree(line, alike));
  return agreeing.length === 1 ? agreeing[0] : undefined;
}
