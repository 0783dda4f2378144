/**
 * Measures how the two OCR engines of the MRZ reader misread each character, on generated passport photos with their
 * truth (tools/passport-pages.ts), and writes the table the reader weighs its readings with
 * (src/server/passport-mrz/confusions.json): for each engine, how often each character is read as each other one.
 * Measure on a set of its own, not on the pages the reader is judged on:
 *
 *   npx tsx tools/passport-pages.ts --out .cache/passports-train --count 150 --seed 21
 *   npx tsx tools/passport-confusions.ts .cache/passports-train
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toCells } from '../src/server/passport-mrz/decode';
import { cropLine, locateMrz, png } from '../src/server/passport-mrz/locate';
import { startEngine } from '../src/server/passport-mrz/ocr';
import { PASSES } from '../src/server/passport-mrz/read';
import type { PassportTruth } from './passport-pages';

const folder = path.resolve(process.argv[2] ?? '.cache/passports-train');
const truth = JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')) as PassportTruth[];
const engines = { lstm: await startEngine('lstm'), legacy: await startEngine('legacy') };
/** counts[engine][true character][character read ('' for nothing)] */
const counts: Record<string, Record<string, Record<string, number>>> = { lstm: {}, legacy: {} };
for (const [n, page] of truth.entries()) {
  const found = await locateMrz(readFileSync(path.join(folder, page.file)));
  if (!found) continue;
  for (const textHeight of PASSES) {
    for (const index of [0, 1] as const) {
      const crop = cropLine(found.photo, found.region.lines[index], { textHeight, margin: 0.6 });
      const picture = await png(crop);
      for (const engine of ['lstm', 'legacy'] as const) {
        const symbols = await engines[engine].readLine(picture);
        const cells = toCells({ symbols, textLeft: crop.textLeft, textRight: crop.textRight });
        for (const [cell, reads] of cells.entries()) {
          const real = page.lines[index][cell];
          const row = (counts[engine][real] ??= {});
          for (const read of reads.length > 0 ? reads : ['']) row[read] = (row[read] ?? 0) + 1;
        }
      }
    }
  }
  process.stderr.write(`\r${n + 1}/${truth.length}`);
}
await engines.lstm.terminate();
await engines.legacy.terminate();
// Each engine's probability of reading each character as each other one, measured where it happened at least twice.
const table: Record<string, Record<string, Record<string, number>>> = {};
for (const [engine, rows] of Object.entries(counts)) {
  table[engine] = {};
  for (const [real, reads] of Object.entries(rows)) {
    const total = Object.values(reads).reduce((a, b) => a + b, 0);
    const row: Record<string, number> = {};
    for (const [read, count] of Object.entries(reads))
      if (read !== '' && (count >= 2 || read === real)) row[read] = Number((count / total).toFixed(4));
    table[engine][real] = row;
  }
}
const out = path.join(import.meta.dirname, '..', 'src', 'server', 'passport-mrz', 'confusions.json');
writeFileSync(
  out,
  `${JSON.stringify({ $comment: `Measured by tools/passport-confusions.ts on ${truth.length} generated passport photos: P(read | true character) for each engine.`, ...table }, null, 2)}\n`,
);
process.stderr.write(`\nwritten ${out}\n`);
