/**
 * `npm run locales:import -- <file.xlf|file.csv> [--locales <dir>]`: reads a translator's XLIFF 2.0 or CSV file
 * (its language from the XLIFF trgLang or the CSV header), checks it as `npm run check:locales` does, and
 * writes `locales/<lng>/`. A file whose texts would break a screen (placeholders changed, unknown keys) is
 * refused and nothing is written; texts still missing or in English are listed, and the table says how
 * complete the language now is.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BLOCKING_KINDS, fromCsv, fromXliff, importLanguage } from './locales/exchange';
import { completionTable } from './locales/locale-check';

const args = process.argv.slice(2);
const dirIndex = args.indexOf('--locales');
const file = args.find((a, i) => !a.startsWith('--') && i !== dirIndex + 1);
if (!file) {
  console.error('Usage: npm run locales:import -- <file.xlf|file.csv> [--locales <dir>]');
  process.exit(2);
}
const localesDir = resolve(dirIndex >= 0 ? args[dirIndex + 1] : join(import.meta.dirname, '..', 'locales'));
const text = readFileSync(resolve(file), 'utf8');
const { lng, units } = file.toLowerCase().endsWith('.csv') ? fromCsv(text) : await fromXliff(text);
const { report, written } = importLanguage(lng, units, localesDir);
for (const f of report.findings) console.error(`${BLOCKING_KINDS.has(f.kind) ? 'error' : 'todo'}: ${f.message}`);
console.log(`\n${completionTable([report])}\n`);
if (!written) {
  console.error(`Nothing written: fix the errors above in ${file} and import it again.`);
  process.exit(1);
}
console.log(`Wrote ${join(localesDir, lng)}/ from ${file}.`);
process.exit(report.findings.length > 0 ? 1 : 0);
