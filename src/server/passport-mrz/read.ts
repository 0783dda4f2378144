import { alignTo, parseLines, settleLine1, settleLine2, toCells, type EngineCells } from './decode';
import { cropLine, locateMrz, png } from './locate';
import type { LineReader } from './ocr';

/** What the MRZ of a passport photo says, or that it could not be read. */
export interface MrzReading {
  /** The two lines were found and read, and every check digit holds: the fields below are the passport's. */
  read: boolean;
  documentNumber: string | null;
  /** ICAO 9303 code of the issuing state (three letters; Germany's is D). */
  issuingCountry: string | null;
  nationality: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  /** YYYY-MM-DD. */
  dateOfExpiry: string | null;
  /** X where the passport gives none (`<` in the MRZ). */
  sex: 'M' | 'F' | 'X' | null;
  /** As the MRZ writes it (transliterated, ICAO 9303 Part 3), parts separated by spaces: compare with mrzNameMatches. */
  surname: string | null;
  givenNames: string | null;
  /** Whether every check digit holds (false whenever `read` is). */
  checkDigitsValid: boolean;
  /** The two lines as read, when they were. */
  lines?: [string, string];
  /**
   * Why the MRZ was not read: none was found on the photo, or it was found but not read with certainty; or the reader
   * did not finish within its time (`NO_TIME`: the server was too busy, which says nothing of the photo).
   */
  problem?: 'NOT_FOUND' | 'UNSURE' | 'UNREADABLE_IMAGE' | 'NO_TIME';
}

/** The engines a reading uses: both must be given (see ocr.ts for why two). */
export interface Engines {
  lstm: LineReader;
  legacy: LineReader;
}

/** Character heights (pixels) the lines are read at, one pass each until the MRZ is read. */
export const PASSES = [30, 38, 24] as const;

export function notRead(problem: NonNullable<MrzReading['problem']>, lines?: [string, string]): MrzReading {
  return {
    read: false,
    documentNumber: null,
    issuingCountry: null,
    nationality: null,
    dateOfBirth: null,
    dateOfExpiry: null,
    sex: null,
    surname: null,
    givenNames: null,
    checkDigitsValid: false,
    ...(lines ? { lines } : {}),
    problem,
  };
}

/** YYMMDD to YYYY-MM-DD: a date of birth is never in the future; an expiry is within 50 years either way of today. */
function fullDate(yymmdd: string, kind: 'birth' | 'expiry', today: Date): string {
  const yy = Number(yymmdd.slice(0, 2));
  const year = today.getUTCFullYear();
  const thisCentury = year - (year % 100);
  let full = thisCentury + yy;
  if (kind === 'birth' && full > year) full -= 100;
  if (kind === 'expiry' && full > year + 50) full -= 100;
  if (kind === 'expiry' && full < year - 50) full += 100;
  return `${full}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/**
 * What two MRZ lines say, parsed and validated by the mrz package: read only when they are a TD3 zone whose every
 * check digit holds. Dates as YYYY-MM-DD (the century worked out from `today`).
 */
export function readingOfLines(lines: [string, string], today = new Date()): MrzReading {
  const parsed = parseLines(lines);
  if (!parsed) return notRead('UNSURE', lines);
  const f = parsed.fields;
  return {
    read: true,
    documentNumber: f.documentNumber ?? null,
    issuingCountry: f.issuingState ?? null,
    nationality: f.nationality ?? null,
    dateOfBirth: fullDate(f.birthDate ?? '', 'birth', today),
    dateOfExpiry: fullDate(f.expirationDate ?? '', 'expiry', today),
    sex: f.sex === 'male' ? 'M' : f.sex === 'female' ? 'F' : 'X',
    surname: f.lastName ?? null,
    givenNames: f.firstName ?? null,
    checkDigitsValid: true,
    lines,
  };
}

/**
 * Reads the MRZ of a passport photo in this thread (the engines have threads of their own; the rest, finding and
 * cutting the lines, is JavaScript that takes tens of milliseconds: run it off the server's thread, see reader.ts).
 */
export async function readMrz(
  image: Buffer,
  engines: Engines,
  { today = new Date(), trace }: { today?: Date; trace?: (event: object) => void } = {},
): Promise<MrzReading> {
  let found: Awaited<ReturnType<typeof locateMrz>>;
  try {
    found = await locateMrz(image);
  } catch {
    return notRead('UNREADABLE_IMAGE');
  }
  if (!found) return notRead('NOT_FOUND');
  const readings: [EngineCells[], EngineCells[]] = [[], []];
  let seen: [string, string] | undefined;
  for (const [pass, textHeight] of PASSES.entries()) {
    for (const index of [0, 1] as const) {
      const crop = cropLine(found.photo, found.region.lines[index], { textHeight, margin: 0.6 });
      const picture = await png(crop);
      // One engine after the other: a reading takes one core.
      const read = async (engine: keyof Engines) => {
        const symbols = await engines[engine].readLine(picture);
        return { symbols, cells: toCells({ symbols, textLeft: crop.textLeft, textRight: crop.textRight }) };
      };
      const lstm = await read('lstm');
      const legacy = await read('legacy');
      // The classifier's boxes are its characters' own; the network's are looser and are lined up with them. Its
      // picture goes with its reading: the glyphs of cells the readings leave in doubt are compared with the others.
      readings[index].push(
        { engine: 'lstm', cells: alignTo(lstm.cells, legacy.cells) },
        { engine: 'legacy', cells: legacy.cells, picture: { crop, symbols: legacy.symbols } },
      );
    }
    const line1 = settleLine1(readings[0]);
    const line2 = settleLine2(readings[1]);
    trace?.({
      textHeight,
      line1,
      line2,
      readings: readings.map((line) => line.map(({ cells }) => cells.map((c) => c.join('') || '?').join(''))),
    });
    seen ??= [
      readings[0][0].cells.map((c) => c[0] ?? '?').join(''),
      readings[1][0].cells.map((c) => c[0] ?? '?').join(''),
    ];
    // One size alone is never enough: an engine may misread a character the same way at every size, the other
    // engine too, but rarely at two sizes both.
    if (pass === 0 || !('line' in line1) || !('line' in line2)) continue;
    const reading = readingOfLines([line1.line, line2.line], today);
    if (reading.read) return reading;
  }
  return notRead('UNSURE', seen);
}
