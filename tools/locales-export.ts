/**
 * `npm run locales:export -- <lng> [--format xliff|csv] [--out <file>] [--locales <dir>]`: writes every text the
 * language needs, with English beside it, its current translation and a context note, for a translator's tool.
 * The language's texts come from `<dir>/<lng>/` (by default the portal's locales: LOCALES_DIR, else locales/), and
 * English from `<dir>/en/` or, when that folder holds only the language being translated, from the portal's
 * English. The default file is `.cache/translations/<lng>.xlf` (or `.csv`) in the project, which git ignores;
 * `--out` names another file, or a folder to write `<lng>.xlf` (or `.csv`) into (relative to the folder the command
 * is run from).
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { exportUnits, toCsv, toXliff } from './locales/exchange';
import { parseToolArgs, portalLocalesDir, userPath } from './locales/cli-args';
import {
  checkCatalogue,
  englishFolderFor,
  englishName,
  pluralCategories,
  readCatalogue,
  readSameAsEnglish,
} from './locales/locale-check';

const USAGE = 'Usage: npm run locales:export -- <lng> [--format xliff|csv] [--out <file or folder>] [--locales <dir>]';
const root = join(import.meta.dirname, '..');

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let args: ReturnType<typeof parseToolArgs>;
try {
  args = parseToolArgs(process.argv.slice(2), ['--format', '--out', '--locales']);
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
const [lng, ...extra] = args.positional;
const format = args.options.get('--format') ?? 'xliff';
if (!lng || extra.length > 0 || !['xliff', 'csv'].includes(format)) fail(USAGE, 2);

let known = false;
try {
  known = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lng) && englishName(lng) !== lng && lng !== 'en';
} catch {
  known = false;
}
if (!known) {
  fail(`"${lng}" is not a language to translate into: give its ISO 639-1 code, such as de, fr, pt, zh or ar.`, 2);
}

const portal = portalLocalesDir(root);
const localesDir = args.options.has('--locales') ? userPath(args.options.get('--locales')!) : portal;
const folder = join(localesDir, lng);
if (!existsSync(localesDir)) fail(`${localesDir} does not exist: --locales names the folder that holds <lng>/.`);
// Texts put straight into the folder (not its languages): the folder named is one language's own.
// eslint-disable-next-line no-restricted-syntax
if (!existsSync(folder) && readdirSync(localesDir).some((f) => f.endsWith('.json'))) {
  fail(
    `${localesDir} holds texts but no folder ${lng}/: --locales names the folder that holds the language's folder ` +
      `(${dirname(localesDir)} if the texts of ${lng} are in ${localesDir}).`,
  );
}
const englishFolder = englishFolderFor(localesDir, portal);
const units = exportUnits(lng, localesDir, englishFolder);
if (units.length === 0) fail(`Found no English texts in ${englishFolder}: nothing to export.`);

const fileName = `${lng}.${format === 'csv' ? 'csv' : 'xlf'}`;
const named = userPath(args.options.get('--out') ?? join(root, '.cache', 'translations', fileName));
// An --out that names a folder gets the language's file in it.
const out = existsSync(named) && statSync(named).isDirectory() ? join(named, fileName) : named;
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, format === 'csv' ? toCsv(lng, units) : await toXliff(lng, units));

const filled = units.filter((u) => u.translation.trim());
const same = filled.filter((u) => u.translation === u.english).length;
const check = checkCatalogue(lng, readCatalogue(englishFolder), readCatalogue(folder), readSameAsEnglish(folder));
const forms = pluralCategories(lng);
const shown = relative(process.env.INIT_CWD ?? process.cwd(), out) || out;
console.log(
  `Wrote ${shown.startsWith('..') ? out : shown}: ${units.length} texts for ${englishName(lng)} (${lng}): ` +
    `${filled.length - same} translated, ${same} still as in English, ${units.length - filled.length} empty.`,
);
if (!existsSync(folder)) console.log(`${folder} does not exist yet: every text is exported untranslated.`);
if (units.length !== check.total) {
  console.log(
    `npm run check:locales counts ${check.total} texts (${check.done} complete): it counts a text with plural forms ` +
      `once, while the file has one text per plural form ${englishName(lng)} uses (${forms.length}: ${forms.join(', ')}).`,
  );
}
