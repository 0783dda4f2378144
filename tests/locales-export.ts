/**
 * `npm run locales:export -- <lng> [--format xliff|csv] [--out <file>]`: writes every text the language needs,
 * with English beside it, its current translation and a context note, for a translator's tool. The default
 * file is `<lng>.xlf` (XLIFF 2.0) or `<lng>.csv` in the current folder.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exportUnits, toCsv, toXliff } from './locales/exchange';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const lng = args.find((a, i) => !a.startsWith('--') && !['--format', '--out', '--locales'].includes(args[i - 1] ?? ''));
const format = option('--format') ?? 'xliff';
if (!lng || !['xliff', 'csv'].includes(format)) {
  console.error('Usage: npm run locales:export -- <lng> [--format xliff|csv] [--out <file>]');
  process.exit(2);
}
const localesDir = resolve(option('--locales') ?? join(import.meta.dirname, '..', 'locales'));
const units = exportUnits(lng, localesDir);
const out = resolve(option('--out') ?? `${lng}.${format === 'csv' ? 'csv' : 'xlf'}`);
writeFileSync(out, format === 'csv' ? toCsv(lng, units) : await toXliff(lng, units));
const done = units.filter((u) => u.translation.trim()).length;
console.log(`Wrote ${out}: ${units.length} texts for ${lng}, ${done} already translated.`);
