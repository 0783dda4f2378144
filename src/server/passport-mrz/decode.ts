import { parse, type ParseResult } from 'mrz';
import type { EngineCells } from './cell-placement';
import { cellCandidates, stateCode, sureCell, type Candidate } from './cell-candidates';
import { probability, RARE, type CellKind } from './character-confusions';
import { checkedField, realDate } from './check-digit-search';
import { agreeingAlone, heldElsewhere } from './glyphs';
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
 *
 * The steps, one file each: cell-placement.ts puts the characters in their cells, character-confusions.ts says what
 * a character read may really be, cell-candidates.ts weighs each cell's characters, check-digit-search.ts finds the
 * fields' values that pass their check digits, and glyphs.ts compares the cells' pictures when the rest leaves a doubt.
 */

export { alignTo, toCells, type Engine, type EngineCells, type LinePicture } from './cell-placement';

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

/**
 * Line 2 is taken only when its most likely reading that passes every check digit is at least this many times as
 * likely as the next one (and every one of its characters was read so, or as one it is mistaken for, at least once).
 */
export const LINE2_MARGIN = Math.log(1500);

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

/** The two lines parsed and validated by the `mrz` package (every check digit, the states' codes, the dates). */
export function parseLines(lines: [string, string]): ParseResult | undefined {
  try {
    const result = parse(lines);
    return result.format === 'TD3' && result.valid ? result : undefined;
  } catch {
    return undefined;
  }
}
