import { states } from 'mrz';
import type { Engine, EngineCells } from './cell-placement';
import { fits, meanings, probability, RARE, type CellKind } from './character-confusions';

/**
 * How likely each character of each cell is, given every engine's readings of the line and the characters each engine
 * is known to mistake; and the cells no check digit covers, taken only when one character is far likelier than any
 * other.
 */

/** How likely a cell an engine left empty is, whatever is there: it says nothing either way. */
const UNREAD = Math.log(0.05);
/** The nationality and the sex have no check digit: each this many times as likely as any other. */
const UNCHECKED_MARGIN = Math.log(150);

/** A possible value of some cells: its characters, and how likely the readings are if it is the true one. */
export interface Candidate {
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
export function cellCandidates(readings: EngineCells[], kinds: CellKind[]): Candidate[][] {
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

/** The code of a state (ICAO 9303's list, as the `mrz` package has it) in three cells from `start`, when sure. */
export function stateCode(candidates: Candidate[][], start: number): string | undefined {
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
export function sureCell(candidates: Candidate[], margin = UNCHECKED_MARGIN): string | undefined {
  if (candidates.length === 0) return undefined;
  if (candidates.length > 1 && candidates[0].likelihood - candidates[1].likelihood < margin) return undefined;
  return candidates[0].text;
}
