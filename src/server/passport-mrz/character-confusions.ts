import type { Engine } from './cell-placement';
import confusions from './confusions.json';

/**
 * The characters each engine mistakes for others, and what a character read in a cell may therefore really be: the
 * confusions known of the engines, those measured on generated pages (confusions.json), and the kind of character
 * the cell may hold.
 */

/** What a cell of the MRZ may hold. */
export type CellKind = 'digit' | 'digitOrFiller' | 'letter' | 'alphanumeric' | 'sex' | 'fixedP';

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
export function fits(char: string, kind: CellKind): boolean {
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
export const RARE = 0.01;

/** The characters `engine` reads as `read` often enough to count: the inverse of its measured confusions. */
const MEASURED_MEANINGS: Record<Engine, Map<string, string>> = { lstm: new Map(), legacy: new Map() };
for (const engine of ['lstm', 'legacy'] as const)
  for (const [real, reads] of Object.entries(CONFUSIONS[engine]))
    for (const [read, p] of Object.entries(reads ?? {}))
      if (read !== real && p >= RARE)
        MEASURED_MEANINGS[engine].set(read, (MEASURED_MEANINGS[engine].get(read) ?? '') + real);

/** The characters a cell of `kind` may hold when `engine` read `read` there, the character read first. */
export function meanings(read: string, kind: CellKind, engine: Engine): string[] {
  const others = (MISTAKEN_FOR[engine][read] ?? '') + (MEASURED_MEANINGS[engine].get(read) ?? '');
  return [...new Set(read + others)].filter((char) => fits(char, kind));
}

/** The probability that `engine` reads `read` where `real` is: as measured, or from the known confusions. */
export function probability(engine: Engine, read: string, real: string): number {
  const row = CONFUSIONS[engine][real];
  if (row && row[real] !== undefined) return Math.max(row[read] ?? 0, UNSEEN);
  return read === real ? 0.9 : (MISTAKEN_FOR[engine][read] ?? '').includes(real) ? 0.05 : UNSEEN;
}

/** The probability given to a misreading never measured. */
const UNSEEN = 0.002;
