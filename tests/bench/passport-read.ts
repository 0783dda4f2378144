import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelFiles } from '../../src/server/passport-mrz/ocr';
import { createMrzReader, type MrzReading } from '../../src/server/passport-mrz/reader';
import { generatePassportPages, type PassportTruth } from '../../tools/passport-pages';

/** budget.json's passportRead. */
export interface PassportReadBudget {
  rightMin: number;
  wrongAcceptedMax: number;
  p95MsMax: number;
  modelMbMax: number;
  /** Generated photos read besides the committed ones (tests/fixtures/passports). */
  generated: number;
}

type Report = (figure: string, value: string, budget: string, met: boolean | undefined) => void;

const root = join(import.meta.dirname, '..', '..');

/** Whether a reading gives every field of the page's truth, and both lines as printed (the personal number too). */
export function readRight(reading: MrzReading, truth: PassportTruth): boolean {
  const expected = truth.expected;
  return (
    reading.read &&
    reading.checkDigitsValid &&
    reading.lines?.[0] === truth.lines[0] &&
    reading.lines?.[1] === truth.lines[1] &&
    reading.documentNumber === expected.documentNumber &&
    reading.issuingCountry === expected.issuingCountry &&
    reading.nationality === expected.nationality &&
    reading.dateOfBirth === expected.dateOfBirth &&
    reading.dateOfExpiry === expected.dateOfExpiry &&
    reading.sex === expected.sex &&
    reading.surname === expected.surname &&
    reading.givenNames === expected.givenNames
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * The MRZ reader on the committed passport photos and on `generated` more (made once into .cache/passports-bench,
 * with a seed of their own): the share read with every field right, the share read wrong yet passing the check
 * digits (to be none), and the time per photo, one at a time in the reader's worker (its OCR engines run one after
 * the other: one core), once the engines have started; and the size of the model files.
 */
export async function passportReadSection(budget: PassportReadBudget, report: Report): Promise<void> {
  const committed = join(root, 'tests', 'fixtures', 'passports');
  const extra = join(root, '.cache', 'passports-bench', String(budget.generated));
  if (budget.generated > 0 && !existsSync(join(extra, 'truth.json'))) {
    console.log(`generating ${budget.generated} passport photos into ${extra}`);
    await generatePassportPages(extra, budget.generated, 7);
  }
  const sets = [committed, ...(budget.generated > 0 ? [extra] : [])];
  const reader = createMrzReader({ idleMs: 60_000 });
  let right = 0;
  let wrong = 0;
  let unread = 0;
  const times: number[] = [];
  try {
    await reader.warm();
    for (const folder of sets) {
      const truth = JSON.parse(readFileSync(join(folder, 'truth.json'), 'utf8')) as PassportTruth[];
      for (const page of truth) {
        const image = readFileSync(join(folder, page.file));
        const started = performance.now();
        const reading = await reader.read(image);
        times.push(performance.now() - started);
        if (readRight(reading, page)) right += 1;
        else if (reading.read) {
          wrong += 1;
          console.log(`read WRONG: ${folder}/${page.file}: ${JSON.stringify(reading)}`);
        } else unread += 1;
      }
    }
  } finally {
    await reader.close();
  }
  const total = times.length;
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  const modelBytes = modelFiles().reduce((sum, { bytes }) => sum + bytes, 0);
  const modelMb = modelBytes / 2 ** 20;
  console.log(
    `${total} photos: ${right} read right, ${wrong} read wrong with valid check digits, ${unread} not read; ` +
      `per photo p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; model files ${modelMb.toFixed(1)} MB`,
  );
  report(
    'Passport MRZ read with every field right',
    `${((100 * right) / total).toFixed(1)}% of ${total}`,
    `>= ${(100 * budget.rightMin).toFixed(0)}%`,
    right / total >= budget.rightMin,
  );
  report(
    'Passport MRZ read wrong yet passing the check digits',
    `${wrong} of ${total}`,
    `<= ${budget.wrongAcceptedMax}`,
    wrong <= budget.wrongAcceptedMax,
  );
  report(
    'Passport MRZ reading time per photo, one core: p50 / p95',
    `${p50.toFixed(0)} / ${p95.toFixed(0)} ms`,
    `p95 <= ${budget.p95MsMax} ms`,
    p95 <= budget.p95MsMax,
  );
  report(
    'Passport MRZ model files',
    `${modelMb.toFixed(1)} MB`,
    `<= ${budget.modelMbMax} MB`,
    modelMb <= budget.modelMbMax,
  );
}
