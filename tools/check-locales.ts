/**
 * `npm run check:locales [-- <lng> ...] [--locales <dir>] [--no-code] [--all]`: compares every language folder under
 * locales/ (or the named ones, or those of another directory such as a translator's copy; LOCALES_DIR sets the
 * default) with English, prints one plain-English line per problem and a percentage-complete table, scans the
 * source for user-visible text not behind a key, and notes the English texts that no schema, manifest, rules file or
 * code uses (`--no-code` skips both reads of the source). A language just begun has hundreds of texts still to
 * translate: those are counted per file instead of listed (`--all` lists each one). Exits non-zero when a language is
 * incomplete or text in code is found: every folder under locales/ is a shipped language. The checks themselves are
 * in tools/locales/locale-check.ts, and tools/catalogue/unused-texts.ts for the texts nothing uses.
 */
import { dirname, join, relative } from 'node:path';
import { configuredDirs } from './catalogue/dirs';
import { checkUnusedTexts } from './catalogue/unused-texts';
import { parseToolArgs, portalLocalesDir, userPath } from './locales/cli-args';
import {
  checkLanguageFolder,
  completionTable,
  englishFolderFor,
  findingLines,
  findTextInCode,
  languageFolders,
  readAllowedText,
} from './locales/locale-check';

const root = join(import.meta.dirname, '..');
let args: ReturnType<typeof parseToolArgs>;
try {
  args = parseToolArgs(process.argv.slice(2), ['--locales'], ['--no-code', '--all']);
} catch (error) {
  console.error(
    `${(error as Error).message}\nUsage: npm run check:locales -- [<lng> ...] [--locales <dir>] [--no-code] [--all]`,
  );
  process.exit(2);
}
const portal = portalLocalesDir(root);
const localesDir = args.options.has('--locales') ? userPath(args.options.get('--locales')!) : portal;
const scanCode = !args.flags.has('--no-code');
const englishFolder = englishFolderFor(localesDir, portal);
const label = relative(root, localesDir).split('\\').join('/') || '.';
const lngs = args.positional.length ? args.positional : languageFolders(localesDir);

const reports = lngs.map((lng) =>
  checkLanguageFolder(
    lng,
    join(localesDir, lng),
    englishFolder,
    `${label.startsWith('..') ? localesDir : label}/${lng}`,
  ),
);
let problems = 0;
for (const report of reports) {
  for (const line of findingLines(report, { all: args.flags.has('--all') })) console.error(line);
  problems += report.findings.length;
}
if (scanCode) {
  const inCode = findTextInCode(
    join(root, 'src'),
    root,
    readAllowedText(join(root, 'tools/locales/text-in-code-allowed.json')),
  );
  for (const finding of inCode) console.error(finding.message);
  problems += inCode.length;
  // The English texts checked against the configuration's schemas (SCHEMAS_DIR) and the code.
  try {
    for (const finding of checkUnusedTexts({ ...configuredDirs(), locales: dirname(englishFolder) })) {
      if (finding.warning) console.log(`note: ${finding.file}: ${finding.message}`);
      else {
        console.error(`${finding.file}: ${finding.message}`);
        problems += 1;
      }
    }
  } catch (error) {
    console.log(`note: the texts nothing uses could not be looked for: ${(error as Error).message}`);
  }
}

console.log(`\n${completionTable(reports)}\n`);
// The exit code is set rather than the process ended, so that every line above reaches a pipe before it ends.
if (problems > 0) {
  console.error(`${problems} problem(s) found in the translations.`);
  process.exitCode = 1;
} else {
  console.log(
    `Translations: ${reports.length ? lngs.join(', ') + ' complete' : 'no language besides English'}; no text written in code.`,
  );
}
