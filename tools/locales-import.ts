/**
 * `npm run locales:import -- <file.xlf|file.csv> [--locales <dir>] [--all]`: reads a translator's XLIFF 2.0 or CSV
 * file (its language from the XLIFF trgLang or the CSV header), checks it as `npm run check:locales` does, and
 * writes `<dir>/<lng>/` (by default the portal's locales: LOCALES_DIR, else locales/), each file laid out as it was.
 * A file whose texts would break a screen (placeholders changed, unknown keys) is refused and nothing is written;
 * texts still missing or in English are listed (counted per file when there are many; `--all` lists each one), and
 * the table says how complete the language now is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BLOCKING_KINDS, fromCsv, fromXliff, importLanguage } from './locales/exchange';
import { parseToolArgs, portalLocalesDir, userPath } from './locales/cli-args';
import { completionTable, englishFolderFor, findingLines } from './locales/locale-check';

const USAGE = 'Usage: npm run locales:import -- <file.xlf|file.csv> [--locales <dir>] [--all]';
const root = join(import.meta.dirname, '..');

let args: ReturnType<typeof parseToolArgs>;
try {
  args = parseToolArgs(process.argv.slice(2), ['--locales'], ['--all']);
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [file, ...extra] = args.positional;
if (!file || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const path = userPath(file);
if (!existsSync(path)) {
  console.error(`${path} does not exist: name the .xlf or .csv file the translator sent back.`);
  process.exit(2);
}
const portal = portalLocalesDir(root);
const localesDir = args.options.has('--locales') ? userPath(args.options.get('--locales')!) : portal;
const text = readFileSync(path, 'utf8');
let parsed: Awaited<ReturnType<typeof fromXliff>>;
try {
  parsed = path.toLowerCase().endsWith('.csv') ? fromCsv(text) : await fromXliff(text);
} catch (error) {
  console.error(`${file} could not be read: ${(error as Error).message}`);
  process.exit(1);
}
const { lng, units } = parsed;
let outcome: ReturnType<typeof importLanguage>;
try {
  // The findings name the folder written, as check:locales does: relative to the project, or whole when outside it.
  const label = relative(root, join(localesDir, lng)).split('\\').join('/');
  outcome = importLanguage(
    lng,
    units,
    localesDir,
    englishFolderFor(localesDir, portal),
    label.startsWith('..') ? join(localesDir, lng) : label,
  );
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(1);
}
const { report, written } = outcome;
const blocking = report.findings.filter((f) => BLOCKING_KINDS.has(f.kind));
for (const f of blocking) console.error(`error: ${f.message}`);
const todo = { ...report, findings: report.findings.filter((f) => !BLOCKING_KINDS.has(f.kind)) };
for (const line of findingLines(todo, { all: args.flags.has('--all') })) console.error(`todo: ${line}`);
console.log(`\n${completionTable([report])}\n`);
// The exit code is set rather than the process ended, so that every line above reaches a pipe before it ends.
if (!written) {
  console.error(`Nothing written: fix the errors above in ${file} and import it again.`);
  process.exitCode = 1;
} else {
  console.log(`Wrote ${join(localesDir, lng)}/ from ${file}.`);
  process.exitCode = report.findings.length > 0 ? 1 : 0;
}
