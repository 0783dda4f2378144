/**
 * `npm run check:locales [-- <lng> ...] [--locales <dir>] [--no-code]`: compares every language folder under
 * locales/ (or the named ones, or those of another directory such as a translator's copy) with English, prints
 * one plain-English line per problem and a percentage-complete table, and scans the TSX source for user-visible
 * text not behind a key. Exits non-zero when a language is incomplete or text in code is found: every folder
 * under locales/ is a shipped language. The checks themselves are in tests/locales/locale-check.ts.
 */
import { join, relative, resolve } from 'node:path';
import {
  checkLanguageFolder,
  completionTable,
  findTextInCode,
  languageFolders,
  readAllowedText,
  SOURCE_LANGUAGE,
} from './locales/locale-check';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dirIndex = args.indexOf('--locales');
const localesDir = dirIndex >= 0 ? resolve(args[dirIndex + 1]) : join(root, 'locales');
const scanCode = !args.includes('--no-code');
const named = args.filter((a, i) => !a.startsWith('--') && (dirIndex < 0 || i !== dirIndex + 1));
const englishFolder = join(root, 'locales', SOURCE_LANGUAGE);
const label = relative(root, localesDir).split('\\').join('/') || '.';
const lngs = named.length ? named : languageFolders(localesDir);

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
  for (const finding of report.findings) console.error(finding.message);
  problems += report.findings.length;
}
if (scanCode) {
  const inCode = findTextInCode(
    join(root, 'src'),
    root,
    readAllowedText(join(root, 'tests/locales/text-in-code-allowed.json')),
  );
  for (const finding of inCode) console.error(finding.message);
  problems += inCode.length;
}

console.log(`\n${completionTable(reports)}\n`);
if (problems > 0) {
  console.error(`${problems} problem(s) found in the translations.`);
  process.exit(1);
}
console.log(
  `Translations: ${reports.length ? lngs.join(', ') + ' complete' : 'no language besides English'}; no text written in code.`,
);
