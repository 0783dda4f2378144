import type { Candidate } from './cell-candidates';

/**
 * The values of a field with a check digit that the check digit lets stand: of every combination of its cells'
 * possible characters, the likeliest that pass it (and pass as a date, for the dates).
 */

/** Whether YYMMDD is a date of the calendar (any century). */
export function realDate(yymmdd: string): boolean {
  if (!/^\d{6}$/.test(yymmdd)) return false;
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return false;
  // Every year divisible by 4 from 1901 to 2099 is a leap year: the day count of the YY in either century.
  const year = 2000 + Number(yymmdd.slice(0, 2));
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Value of a character in a check digit (0-9, A-Z as 10-35, the filler 0). */
const valueOf = (char: string) => (char === '<' ? 0 : /[0-9]/.test(char) ? Number(char) : char.charCodeAt(0) - 55);

/** How many of the most likely values the search keeps for each partial check sum. */
const KEPT = 4;

/**
 * The most likely values of a field with its check digit (cells [start, end], the check digit last) that pass it and
 * `valid`, most likely first: a search over the cells keeping, for each partial weighted sum modulo 10, the few most
 * likely beginnings.
 */
export function checkedField(
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
