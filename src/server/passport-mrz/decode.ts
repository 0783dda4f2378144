import { parse, states, type ParseResult } from 'mrz';
import type { Grey } from './locate';
import type { OcrSymbol } from './ocr';
import confusions from './confusions.json';
import { checkDigit, TD3_LINE_LENGTH } from './td3';

/**
 * From what the OCR read to the MRZ's two lines, or to nothing. Every character the engines read is put in its
 * place on the line (the MRZ is monospaced: 44 cells of one pitch), so that a character an engine left out or added
 * moves no other. A cell's possible characters are those the readings gave it, turned into what the cell may hold
 * (a letter read where only a digit may stand is the digit it is mistaken for: O is 0, B is 8 or 0, ...). Then:
 *
 * - Line 2: each field with a check digit is settled by it: of every combination of its cells' possibilities, exactly
 *   one must pass (none, or two or more, and the line is not read); the composite check digit must then pass too.
 * - Line 1 (the names, which no check digit covers): every cell must have been read alike by every reading that saw
 *   it, and by at least two. A name is never guessed.
 *
 * The lines so settled are parsed and validated again by the `mrz` package, whose reading is what is returned.
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
function placed({ symbols, textLeft, textRight }: LineReading): {
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

type CellKind = 'digit' | 'digitOrFiller' | 'letter' | 'alphanumeric' | 'sex' | 'fixedP';

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

/**
 * What a character an engine read may really be, beyond itself: the confusions measured on MRZ lines in an OCR-B-like
 * monospace (tools/passport-pages.ts). The network takes a narrow 0 for O or B; the classifier takes it for 9, 6 or 8.
 */
const MISTAKEN_FOR: Record<Engine, Record<string, string>> = {
  lstm: {
    O: '0QD',
    Q: '0O',
    D: '0O',
    U: '0',
    C: '0',
    P: '0',
    V: '0',
    B: '08',
    '0': 'OD',
    '2': '0Z',
    '6': '08',
    '8': '01B',
    S: '5',
    '5': 'S',
    '1': 'I',
    I: '1',
    L: '1',
    Z: '2',
    G: '6',
    H: '6',
    T: '71',
    A: '4',
  },
  legacy: {
    '9': '0',
    '6': '0G',
    '8': '0B',
    G: '06',
    S: '5',
    '5': 'S',
    '1': 'I',
    I: '1',
    '0': 'OC',
    C: '0',
    O: '0Q',
    Q: '0O',
    D: '0',
    B: '80',
    Z: '2',
    '2': 'Z',
    H: 'M',
    L: '1',
    E: '8',
    T: '71',
    A: '4',
  },
};

/** Whether a cell of `kind` may hold `char`. */
function fits(char: string, kind: CellKind): boolean {
  switch (kind) {
    case 'digit':
      return /[0-9]/.test(char);
    case 'digitOrFiller':
      return /[0-9<]/.test(char);
    case 'letter':
      return /[A-Z<]/.test(char);
    case 'alphanumeric':
      return /[A-Z0-9<]/.test(char);
    case 'sex':
      return /[MF<]/.test(char);
    case 'fixedP':
      return char === 'P';
  }
}

/**
 * How often each engine reads each character as each other one (tools/passport-confusions.ts measured it on generated
 * pages of their own): CONFUSIONS[engine][true character][character read].
 */
const CONFUSIONS = confusions as unknown as Record<Engine, Record<string, Record<string, number> | undefined>>;
/** A measured confusion this rare or rarer is not taken as a reason to think a character was misread. */
const RARE = 0.01;

/** The characters `engine` reads as `read` often enough to count: the inverse of its measured confusions. */
const MEASURED_MEANINGS: Record<Engine, Map<string, string>> = { lstm: new Map(), legacy: new Map() };
for (const engine of ['lstm', 'legacy'] as const)
  for (const [real, reads] of Object.entries(CONFUSIONS[engine]))
    for (const [read, p] of Object.entries(reads ?? {}))
      if (read !== real && p >= RARE)
        MEASURED_MEANINGS[engine].set(read, (MEASURED_MEANINGS[engine].get(read) ?? '') + real);

/** The characters a cell of `kind` may hold when `engine` read `read` there, the character read first. */
function meanings(read: string, kind: CellKind, engine: Engine): string[] {
  const others = (MISTAKEN_FOR[engine][read] ?? '') + (MEASURED_MEANINGS[engine].get(read) ?? '');
  return [...new Set(read + others)].filter((char) => fits(char, kind));
}

/** The probability that `engine` reads `read` where `real` is: as measured, or from the known confusions. */
function probability(engine: Engine, read: string, real: string): number {
  const row = CONFUSIONS[engine][real];
  if (row && row[real] !== undefined) return Math.max(row[read] ?? 0, UNSEEN);
  return read === real ? 0.9 : (MISTAKEN_FOR[engine][read] ?? '').includes(real) ? 0.05 : UNSEEN;
}

/** The probability given to a misreading never measured. */
const UNSEEN = 0.002;

/** The kind of each cell of line 2. */
const LINE2_KINDS: CellKind[] = [
  ...Array<CellKind>(9).fill('alphanumeric'),
  'digit',
  ...Array<CellKind>(3).fill('letter'),
  ...Array<CellKind>(7).fill('digit'),
  'sex',
  ...Array<CellKind>(7).fill('digit'),
  ...Array<CellKind>(14).fill('alphanumeric'),
  'digitOrFiller',
  'digit',
];

/** Whether YYMMDD is a date of the calendar (any century). */
function realDate(yymmdd: string): boolean {
  if (!/^\d{6}$/.test(yymmdd)) return false;
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return false;
  // Every year divisible by 4 from 1901 to 2099 is a leap year: the day count of the YY in either century.
  const year = 2000 + Number(yymmdd.slice(0, 2));
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** How likely a cell an engine left empty is, whatever is there: it says nothing either way. */
const UNREAD = Math.log(0.05);
/**
 * Line 2 is taken only when its most likely reading that passes every check digit is at least this many times as
 * likely as the next one (and every one of its characters was read so, or as one it is mistaken for, at least once).
 */
export const LINE2_MARGIN = Math.log(1500);
/** The nationality and the sex have no check digit: each this many times as likely as any other. */
const UNCHECKED_MARGIN = Math.log(150);

/** A possible value of some cells: its characters, and how likely the readings are if it is the true one. */
interface Candidate {
  text: string;
  likelihood: number;
}

/**
 * How likely the readings of `cell` are if `char` is there, and whether any reading explains it. An engine misreads the
 * same character the same way at every size, so its readings count as one: the mean of theirs.
 */
function cellLikelihood(
  readings: EngineCells[],
  cell: number,
  char: string,
): { likelihood: number; explained: boolean } {
  const byEngine = new Map<Engine, number[]>();
  let explained = false;
  for (const { engine, cells } of readings) {
    const reads = cells[cell];
    let l = UNREAD;
    if (reads.length > 0) {
      let best = -Infinity;
      for (const read of reads) best = Math.max(best, Math.log(probability(engine, read, char)));
      if (best >= Math.log(RARE)) explained = true;
      // A cell an engine put two characters in is a worse reading of either.
      l = best + (reads.length > 1 ? Math.log(0.5) : 0);
    }
    byEngine.set(engine, [...(byEngine.get(engine) ?? []), l]);
  }
  let likelihood = 0;
  for (const values of byEngine.values()) likelihood += values.reduce((a, b) => a + b, 0) / values.length;
  return { likelihood, explained };
}

/**
 * The characters each cell may hold, with their likelihood: those some reading explains. A cell that every reading
 * (of both engines, at two sizes at least) read as the same character holds that character: it is not changed to
 * make a check digit pass.
 */
function cellCandidates(readings: EngineCells[], kinds: CellKind[]): Candidate[][] {
  return kinds.map((kind, cell) => {
    const chars = new Set<string>();
    for (const { engine, cells } of readings)
      for (const read of cells[cell]) for (const c of meanings(read, kind, engine)) chars.add(c);
    const unanimous = readings[0]?.cells[cell][0];
    if (
      kind !== 'alphanumeric' &&
      readings.length >= UNANIMOUS_READINGS &&
      unanimous !== undefined &&
      fits(unanimous, kind) &&
      readings.every(({ cells }) => cells[cell].length === 1 && cells[cell][0] === unanimous)
    ) {
      chars.clear();
      chars.add(unanimous);
    }
    return [...chars]
      .map((char) => ({ char, ...cellLikelihood(readings, cell, char) }))
      .filter(({ explained }) => explained)
      .map(({ char, likelihood }) => ({ text: char, likelihood }))
      .sort((a, b) => b.likelihood - a.likelihood);
  });
}

/** Readings of a line (two engines at two sizes) that must all agree for a cell to be taken as they read it. */
const UNANIMOUS_READINGS = 4;

/** Value of a character in a check digit (0-9, A-Z as 10-35, the filler 0). */
const valueOf = (char: string) => (char === '<' ? 0 : /[0-9]/.test(char) ? Number(char) : char.charCodeAt(0) - 55);

/** How many of the most likely values the search keeps for each partial check sum. */
const KEPT = 4;

/**
 * The most likely values of a field with its check digit (cells [start, end], the check digit last) that pass it and
 * `valid`, most likely first: a search over the cells keeping, for each partial weighted sum modulo 10, the few most
 * likely beginnings.
 */
function checkedField(
  candidates: Candidate[][],
  start: number,
  end: number,
  valid: (value: string, check: string) => boolean,
): Candidate[] {
  const weights = [7, 3, 1];
  let states: Candidate[][] = Array.from({ length: 10 }, (_, sum) => (sum === 0 ? [{ text: '', likelihood: 0 }] : []));
  for (let cell = start; cell < end; cell += 1) {
    const next: Candidate[][] = Array.from({ length: 10 }, () => []);
    const weight = weights[(cell - start) % 3];
    for (const [sum, kept] of states.entries())
      for (const prefix of kept)
        for (const option of candidates[cell]) {
          const to = (sum + weight * valueOf(option.text)) % 10;
          next[to].push({ text: prefix.text + option.text, likelihood: prefix.likelihood + option.likelihood });
        }
    states = next.map((kept) => kept.sort((a, b) => b.likelihood - a.likelihood).slice(0, KEPT * 2));
  }
  const passing: Candidate[] = [];
  for (const check of candidates[end]) {
    const sum = check.text === '<' ? 0 : Number(check.text);
    for (const value of states[sum] ?? [])
      if (valid(value.text, check.text))
        passing.push({ text: value.text + check.text, likelihood: value.likelihood + check.likelihood });
  }
  return passing.sort((a, b) => b.likelihood - a.likelihood).slice(0, KEPT);
}

/** The code of a state (ICAO 9303's list, as the `mrz` package has it) in three cells from `start`, when sure. */
function stateCode(candidates: Candidate[][], start: number): string | undefined {
  const codes: Candidate[] = [];
  for (const a of candidates[start])
    for (const b of candidates[start + 1])
      for (const c of candidates[start + 2]) {
        const text = a.text + b.text + c.text;
        if (text.replace(/<+$/, '') in states)
          codes.push({ text, likelihood: a.likelihood + b.likelihood + c.likelihood });
      }
  codes.sort((x, y) => y.likelihood - x.likelihood);
  return sureCell(codes);
}

/** The one character of an unchecked cell, when the readings make it far likelier than any other. */
function sureCell(candidates: Candidate[], margin = UNCHECKED_MARGIN): string | undefined {
  if (candidates.length === 0) return undefined;
  if (candidates.length > 1 && candidates[0].likelihood - candidates[1].likelihood < margin) return undefined;
  return candidates[0].text;
}

/**
 * Line 2 settled by its check digits, or the reason it could not be: the likeliest reading of its cells (given the
 * engines' readings and the characters each is known to mistake) that passes every check digit, when it is far
 * likelier than the next.
 */
export function settleLine2(readings: EngineCells[]): { line: string; margin: number } | { problem: string } {
  const candidates = cellCandidates(readings, LINE2_KINDS);
  const nationality = stateCode(candidates, 10);
  const sex = sureCell(candidates[20]);
  if (nationality === undefined) return { problem: 'nationality unsure' };
  if (sex === undefined) return { problem: 'sex unsure' };
  const documentNumber = checkedField(candidates, 0, 9, () => true);
  const birth = checkedField(candidates, 13, 19, realDate);
  const expiry = checkedField(candidates, 21, 27, realDate);
  // An empty personal number has `<` or 0 as its check digit; any other, a digit.
  const personal = checkedField(candidates, 28, 42, (value, check) => (/^<+$/.test(value) ? true : check !== '<'));
  const found: Candidate[] = [];
  for (const d of documentNumber)
    for (const b of birth)
      for (const e of expiry)
        for (const p of personal)
          for (const c of candidates[43]) {
            if (c.text !== checkDigit(d.text + b.text + e.text + p.text)) continue;
            found.push({
              text: d.text + nationality + b.text + sex + e.text + p.text + c.text,
              likelihood: d.likelihood + b.likelihood + e.likelihood + p.likelihood + c.likelihood,
            });
          }
  found.sort((a, b) => b.likelihood - a.likelihood);
  if (found.length === 0) return { problem: 'no reading passes the check digits' };
  const margin = found.length > 1 ? found[0].likelihood - found[1].likelihood : Infinity;
  if (margin < LINE2_MARGIN) {
    const chosen = byGlyphs(readings, found);
    if (chosen) return { line: chosen, margin };
    return {
      problem: `several readings pass the check digits: ${found[0].text} ${found[0].likelihood.toFixed(1)} ${found[1].text} ${found[1].likelihood.toFixed(1)}`,
    };
  }
  return { line: found[0].text, margin };
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
 * Of readings of line 2 that pass every check digit and are about as likely as each other (the check digits cannot
 * tell 8 from S, 6 from G, nor two cells' 0 and O swapped), the one reading whose glyphs agree with its characters
 * (glyphsAgree) in the pictures the classifier read: the same font, light and blur on every cell; each character
 * where the readings differ one the line holds elsewhere (heldElsewhere). None when no reading or more than one does.
 */
function byGlyphs(readings: EngineCells[], found: Candidate[]): string | undefined {
  const contenders = found.filter((f) => found[0].likelihood - f.likelihood < LINE2_MARGIN).map(({ text }) => text);
  const differing = [...Array(TD3_LINE_LENGTH).keys()].filter((cell) =>
    contenders.some((text) => text[cell] !== contenders[0][cell]),
  );
  const chosen = agreeingAlone(readings, contenders);
  return chosen !== undefined && heldElsewhere(chosen, differing) ? chosen : undefined;
}

/**
 * Whether each of `cells` holds a character the line holds in another cell too: a glyph settled so looked like
 * theirs. A character found once on the line is never taken from its glyph alone: that it looks like no other
 * character says little (a true 8 under glare may look unlike the line's other 8s, and an S nowhere else is then
 * all that agrees).
 */
function heldElsewhere(line: string, cells: number[]): boolean {
  return cells.every((cell) => [...line].some((char, other) => other !== cell && char === line[cell]));
}

/** Of `lines`, the only one whose glyphs agree with its characters in the pictures of `readings` (glyphsAgree). */
function agreeingAlone(readings: EngineCells[], lines: string[]): string | undefined {
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

/** The kind of each cell of line 1: `P`, the type (a letter or filler), the issuing state and the names. */
const LINE1_KINDS: CellKind[] = ['fixedP', ...Array<CellKind>(TD3_LINE_LENGTH - 1).fill('letter')];

/** Each name's character must be this many times as likely as any other: the names have no check digit. */
export const LINE1_MARGIN = Math.log(150);

/**
 * Line 1 as the readings make it, or the reason they leave it unsure. No check digit covers the names: each cell's
 * likeliest character must be LINE1_MARGIN times as likely as the next, and every reading of the classifier (the
 * engine that reads letters best) must have read it so, or as a character it is known to be mistaken for.
 */
export function settleLine1(readings: EngineCells[]): { line: string } | { problem: string } {
  const candidates = cellCandidates(readings, LINE1_KINDS);
  const legacy = readings.filter((reading) => reading.engine === 'legacy');
  let line = '';
  const unsure: number[] = [];
  let problem = '';
  for (const cell of LINE1_KINDS.keys()) {
    const char = sureCell(candidates[cell], LINE1_MARGIN);
    const seenSo = ({ cells }: EngineCells) =>
      cells[cell].some((read) => probability('legacy', read, char ?? '') >= RARE);
    if (char === undefined || !legacy.every(seenSo)) {
      problem ||= `cell ${cell + 1} of line 1 ${char === undefined ? 'unsure' : 'not read so by the classifier'}`;
      unsure.push(cell);
    }
    line += char ?? candidates[cell][0]?.text ?? '<';
  }
  if (unsure.length === 0) return { line };
  const chosen = line1ByGlyphs(readings, candidates, line, unsure);
  return chosen ? { line: chosen } : { problem };
}

/** Line 1's cells left unsure that the glyphs may settle, at most, and the characters tried in each. */
const GLYPH_CELLS = 2;
const GLYPH_CHOICES = 3;

/**
 * Line 1 with its few unsure cells settled by the glyphs: of the characters the readings make likeliest there, the one
 * combination whose glyphs agree with the line's characters (glyphsAgree), each character so settled one the line
 * holds elsewhere too, its glyph then looking like theirs. None when more cells are unsure, or no or several
 * combinations agree.
 */
function line1ByGlyphs(
  readings: EngineCells[],
  candidates: Candidate[][],
  line: string,
  unsure: number[],
): string | undefined {
  if (unsure.length > GLYPH_CELLS) return undefined;
  let lines = [line];
  for (const cell of unsure) {
    const chars = candidates[cell].slice(0, GLYPH_CHOICES).map(({ text }) => text);
    lines = lines.flatMap((l) => chars.map((char) => l.slice(0, cell) + char + l.slice(cell + 1)));
  }
  const chosen = agreeingAlone(readings, lines);
  return chosen !== undefined && heldElsewhere(chosen, unsure) ? chosen : undefined;
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

/** The two lines parsed and validated by the `mrz` package (every check digit, the states' codes, the dates). */
export function parseLines(lines: [string, string]): ParseResult | undefined {
  try {
    const result = parse(lines);
    return result.format === 'TD3' && result.valid ? result : undefined;
  } catch {
    return undefined;
  }
}
