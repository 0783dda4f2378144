/** A date answer ("YYYY-MM-DD") as the three fields it is asked with, GOV.UK style: day, month, year. */
export type DateParts = { day: string; month: string; year: string };

/** The names of the parts, in the order they are asked. */
export const DATE_PARTS = ['day', 'month', 'year'] as const;

/** Splits "YYYY-MM-DD" into its parts (empty parts for anything else). */
export function splitDate(value: unknown): DateParts {
  const m = typeof value === 'string' ? /^(\d*)-(\d*)-(\d*)$/.exec(value) : null;
  if (!m) return { day: '', month: '', year: '' };
  return { year: m[1], month: m[2].replace(/^0(?=\d)/, ''), day: m[3].replace(/^0(?=\d)/, '') };
}

/** Joins parts into "YYYY-MM-DD"; undefined when all are empty, a partial value (invalid) otherwise. */
export function joinDate(parts: DateParts): string | undefined {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return undefined;
  const pad = (s: string) => (/^\d$/.test(s) ? `0${s}` : s);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The form field name of one part of a date asked under `name` (see posted-answers.ts). */
export const datePartName = (name: string, part: keyof DateParts) => `${name}.${part}`;
