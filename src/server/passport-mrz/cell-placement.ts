import type { Grey } from './grey';
import type { OcrSymbol } from './ocr';
import { TD3_LINE_LENGTH } from './td3';

/**
 * Where each character an engine read stands on the line: the MRZ is monospaced (44 cells of one pitch), so every
 * character is put in its cell from its position, and a character an engine left out or added moves no other.
 */

/** One reading of one line: the characters an engine found, and where the line's text starts and ends in its picture. */
export interface LineReading {
  symbols: OcrSymbol[];
  textLeft: number;
  textRight: number;
}

/**
 * The characters a reading puts in each of the line's 44 cells (none, one, or more when it read too many). Every cell
 * of an MRZ line is inked (fillers too), so a character alone at either end, a gap of two cells or more away from the
 * rest, is something beside the line (the edge of the page) and is left out; the line's first cell is then where
 * the rest begins.
 */
export function toCells(reading: LineReading): string[][] {
  return placed(reading).cells;
}

/** toCells, with the curve of the cells' centres along the line (x = a + b·cell + c·cell²) when there is one. */
export function placed({ symbols, textLeft, textRight }: LineReading): {
  cells: string[][];
  fit?: [number, number, number];
} {
  const cells: string[][] = Array.from({ length: TD3_LINE_LENGTH }, () => []);
  const nominal = (textRight - textLeft) / (TD3_LINE_LENGTH - 0.2);
  const centres = symbols
    .map((symbol) => ({ text: symbol.text, x: (symbol.x0 + symbol.x1) / 2, x0: symbol.x0 }))
    .filter(({ x }) => x >= textLeft - 0.5 * nominal && x <= textRight + 0.5 * nominal)
    .sort((a, b) => a.x - b.x);
  // The pitch: the usual distance between neighbours (most are one cell apart), near the nominal pitch.
  const gaps = centres
    .slice(1)
    .map(({ x }, i) => x - centres[i].x)
    .filter((gap) => gap > 0.7 * nominal && gap < 1.3 * nominal)
    .sort((a, b) => a - b);
  const pitch = gaps.length >= 5 ? gaps[Math.floor(gaps.length / 2)] : nominal;
  let start = textLeft;
  while (centres.length > 1 && centres[1].x - centres[0].x > 1.8 * pitch) {
    centres.shift();
    start = centres[0].x0;
  }
  while (centres.length > 1 && centres[centres.length - 1].x - centres[centres.length - 2].x > 1.8 * pitch)
    centres.pop();
  if (centres.length === 0) return { cells };
  // Each character's cell from the one before it, a gap rounded to whole cells at a time: the pitch may change a
  // little along a line seen in perspective, and no error adds up.
  const first: number[] = [];
  let cell = Math.max(0, Math.round((centres[0].x - start - 0.4 * pitch) / pitch));
  for (const [i, { x }] of centres.entries()) {
    if (i > 0) cell += Math.round((x - centres[i - 1].x) / pitch);
    first.push(cell);
  }
  // The line has 44 cells: characters that would run past its end were placed too far right (the band found reached
  // beyond the text's first character, to a mark beside it), and move back together.
  const over = first[first.length - 1] - (TD3_LINE_LENGTH - 1);
  if (over > 0) for (const i of first.keys()) first[i] = Math.max(0, first[i] - over);
  // Then every character's cell from a curve through all of them (the cells' centres along the line, a parabola
  // for the perspective): a gap misjudged between two boxes an engine drew loosely moves no other character.
  const fit = fitParabola(
    first,
    centres.map(({ x }) => x),
  );
  for (const [i, { text, x }] of centres.entries()) {
    const at = fit ? cellAt(fit, x, first[i]) : first[i];
    if (at >= 0 && at < TD3_LINE_LENGTH) cells[at].push(text);
  }
  return { cells, fit };
}

/** Least squares x = a + b·cell + c·cell², or undefined when there are too few points. */
function fitParabola(cells: number[], xs: number[]): [number, number, number] | undefined {
  if (cells.length < 10) return undefined;
  // Normal equations of the three coefficients.
  const s = [0, 0, 0, 0, 0];
  const t = [0, 0, 0];
  for (const [i, c] of cells.entries()) {
    for (let k = 0; k < 5; k += 1) s[k] += c ** k;
    for (let k = 0; k < 3; k += 1) t[k] += xs[i] * c ** k;
  }
  const m = [
    [s[0], s[1], s[2], t[0]],
    [s[1], s[2], s[3], t[1]],
    [s[2], s[3], s[4], t[2]],
  ];
  for (let col = 0; col < 3; col += 1) {
    const pivot = m[col][col];
    if (Math.abs(pivot) < 1e-9) return undefined;
    for (let row = 0; row < 3; row += 1) {
      if (row === col) continue;
      const factor = m[row][col] / pivot;
      for (let k = col; k < 4; k += 1) m[row][k] -= factor * m[col][k];
    }
  }
  return [m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]];
}

/** The cell whose centre on the curve is nearest to x, looked for around `guess`. */
function cellAt([a, b, c]: [number, number, number], x: number, guess: number): number {
  let best = guess;
  let distance = Infinity;
  for (let cell = guess - 3; cell <= guess + 3; cell += 1) {
    const d = Math.abs(a + b * cell + c * cell * cell - x);
    if (d < distance) [best, distance] = [cell, d];
  }
  return best;
}

/** The engine a reading is from. */
export type Engine = 'lstm' | 'legacy';

/** One engine's reading of one line, cell by cell (toCells). */
export interface EngineCells {
  engine: Engine;
  cells: string[][];
  /** The picture it read and the boxes of what it read there: the cells' glyphs, to compare with each other. */
  picture?: LinePicture;
}

/** A line's picture as cut for the OCR (cropLine: the text from textLeft, as far from the top), and what was read. */
export interface LinePicture {
  crop: Grey & { textLeft: number; textRight: number };
  symbols: OcrSymbol[];
}

/**
 * One engine's cells lined up with another's reading of the same picture: an engine that drew its boxes loosely may
 * have put every character a cell or more off. The shift (up to three cells) that makes the two agree most is kept
 * when it agrees on clearly more cells.
 */
export function alignTo(cells: string[][], reference: string[][]): string[][] {
  const agreement = (shift: number) => {
    let same = 0;
    for (let cell = 0; cell < TD3_LINE_LENGTH; cell += 1) {
      const from = cell - shift;
      if (from < 0 || from >= TD3_LINE_LENGTH) continue;
      if (cells[from].some((read) => reference[cell].includes(read))) same += 1;
    }
    return same;
  };
  let best = 0;
  let bestAgreement = agreement(0);
  for (const shift of [-3, -2, -1, 1, 2, 3]) {
    const a = agreement(shift);
    if (a >= bestAgreement + 5) [best, bestAgreement] = [shift, a];
  }
  if (best === 0) return cells;
  return Array.from({ length: TD3_LINE_LENGTH }, (_, cell) => {
    const from = cell - best;
    return from >= 0 && from < TD3_LINE_LENGTH ? cells[from] : [];
  });
}
