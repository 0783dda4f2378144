/**
 * The translators' check behind `npm run check:locales` and `npm run locales:import`.
 *
 * Over 300 lines on purpose: every check of the list below walks the same loaded locale files and reports in the
 * same plain-English lines, so they read best together; split, each file would repeat the loading and reporting.
 *
 * Written here rather than taken from `i18next-cli` because that tool needs Node.js 22 while the portal supports
 * (and CI runs) Node.js 20.19; the checks it would give us are small, and these speak the portal's own terms:
 * the allow-list of texts meant to be the same as English, the CLDR plural categories of each language (from
 * the runtime's `Intl.PluralRules`, the same source i18next uses to pick a plural form) and plain-English lines
 * naming the file and key to fix.
 *
 * Each language folder under locales/ is compared with English:
 * - missing and extra keys (and missing namespace files);
 * - placeholders ({{name}}) that differ from English;
 * - plural forms: an English `_one`/`_other` pair means the language needs a form for each of its own CLDR
 *   categories (French and Portuguese one/many/other, Arabic zero/one/two/few/many/other, Chinese other);
 * - empty texts;
 * - texts still identical to English, unless listed in `locales/<lng>/_meta/same-as-english.json`
 *   (`{ "<namespace>:<key>": "why it is the same" }`; a plural key without its suffix covers every form).
 * Source files are scanned separately for user-visible text written in code instead of behind a key.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { languagesIn } from '../../src/server/languages';
import { FALLBACK_LANGUAGE } from '../../src/shared/languages';

/** English, the complete catalogue every language is compared with. */
export const SOURCE_LANGUAGE = FALLBACK_LANGUAGE;

/** Where a language's list of texts meant to read the same as English lives, relative to its folder. */
export const SAME_AS_ENGLISH_FILE = join('_meta', 'same-as-english.json');

export type FindingKind =
  'file' | 'missing' | 'extra' | 'placeholders' | 'plural' | 'empty' | 'untranslated' | 'hardcoded';

/** One problem, with a plain-English sentence naming the file, the key and what to do. */
export interface LocaleFinding {
  lng: string;
  kind: FindingKind;
  file: string;
  key?: string;
  message: string;
}

/** A language's texts: namespace -> flat key ("a.b.0.c") -> text. */
export type Catalogue = Map<string, Map<string, string>>;

export interface LanguageReport {
  lng: string;
  /** English entries (a plural group counts once). */
  total: number;
  /** Entries present, complete and translated. */
  done: number;
  findings: LocaleFinding[];
}

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every leaf of a locale file as "a.b.c" -> text; arrays (e.g. FAQ items) by index. Non-strings are reported as empty. */
export function flatten(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (Array.isArray(node)) node.forEach((item, i) => flatten(item, prefix ? `${prefix}.${i}` : String(i), out));
  else if (isObject(node)) for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else if (prefix) out.set(prefix, '');
  return out;
}

/** The reverse of `flatten`: objects whose keys are exactly 0..n-1 become arrays (as the FAQ items are). */
export function unflatten(flat: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of flat) {
    const parts = key.split('.');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        if (!isObject(node[part])) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  const arrays = (node: unknown): unknown => {
    if (!isObject(node)) return node;
    const keys = Object.keys(node);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(node[k])]));
    if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => mapped[k]);
    return mapped;
  };
  return arrays(root) as Record<string, unknown>;
}

/** Reads the namespace files of one language folder (missing folder: empty catalogue). */
export function readCatalogue(folder: string): Catalogue {
  const catalogue: Catalogue = new Map();
  if (!existsSync(folder)) return catalogue;
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()) {
    catalogue.set(file.slice(0, -'.json'.length), flatten(JSON.parse(readFileSync(join(folder, file), 'utf8'))));
  }
  return catalogue;
}

/** Reads a language's allow-list of texts meant to read the same as English ("ns:key" -> reason). */
export function readSameAsEnglish(folder: string): Map<string, string> {
  const path = join(folder, SAME_AS_ENGLISH_FILE);
  if (!existsSync(path)) return new Map();
  const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!isObject(data))
    throw new Error(`${path} must be an object of "namespace:key": "why it reads the same as English"`);
  return new Map(Object.entries(data).map(([k, v]) => [k, String(v)]));
}

/** The CLDR plural categories of a language, in the conventional order (zero, one, two, few, many, other). */
export function pluralCategories(lng: string): string[] {
  const used = new Set<string>(new Intl.PluralRules(lng).resolvedOptions().pluralCategories);
  return PLURAL_CATEGORIES.filter((c) => used.has(c));
}

/** The names of the {{placeholders}} of a text, sorted and without duplicates (`{{date, short}}` is "date"). */
export function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^},]+?)\s*(,[^}]*)?\}\}/g)].map((m) => m[1]);
  return [...new Set(names)].sort();
}

/** True when a text has something to translate: letters outside its placeholders. */
function hasWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));
}

/** The English name of a language for messages ("French"), else its code. */
export function englishName(lng: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(lng) ?? lng;
  } catch {
    return lng;
  }
}

interface Entry {
  /** The key, without plural suffix for a plural group. */
  base: string;
  /** English forms by category for a plural group; one form under '' otherwise. */
  forms: Map<string, string>;
  plural: boolean;
}

/** English keys grouped: a key with `_other` (and its siblings) is one plural entry. */
function entriesOf(texts: Map<string, string>): Entry[] {
  const entries = new Map<string, Entry>();
  const pluralBases = new Set(
    [...texts.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL_SUFFIX, '')),
  );
  for (const [key, text] of texts) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base !== key && pluralBases.has(base)) {
      // A plain key of the same name (used without a count) is a separate entry.
      const id = `${base}\u0000plural`;
      const entry = entries.get(id) ?? { base, forms: new Map(), plural: true };
      entry.forms.set(key.slice(base.length + 1), text);
      entries.set(id, entry);
    } else {
      entries.set(key, { base: key, forms: new Map([['', text]]), plural: false });
    }
  }
  return [...entries.values()];
}

const list = (names: string[]) => (names.length ? names.map((n) => `{{${n}}}`).join(', ') : 'none');

/**
 * Compares one language's catalogue with English. `folderLabel` names the folder in messages
 * (e.g. "locales/fr"); `sameAsEnglish` is the language's allow-list.
 */
export function checkCatalogue(
  lng: string,
  english: Catalogue,
  target: Catalogue,
  sameAsEnglish: Map<string, string> = new Map(),
  folderLabel = `locales/${lng}`,
): LanguageReport {
  const findings: LocaleFinding[] = [];
  const name = englishName(lng);
  const categories = pluralCategories(lng);
  let total = 0;
  let done = 0;

  for (const [ns, englishTexts] of english) {
    const file = `${folderLabel}/${ns}.json`;
    const entries = entriesOf(englishTexts);
    total += entries.length;
    const texts = target.get(ns);
    if (!texts) {
      findings.push({
        lng,
        kind: 'file',
        file,
        message: `${file} is missing: copy locales/${SOURCE_LANGUAGE}/${ns}.json and translate every text (${entries.length} texts)`,
      });
      continue;
    }
    const expected = new Set<string>();
    for (const entry of entries) {
      const qualified = `${ns}:${entry.base}`;
      const allowed = sameAsEnglish.has(qualified);
      const before = findings.length;
      const add = (kind: FindingKind, key: string, message: string) =>
        findings.push({ lng, kind, file, key, message: `${file}: ${message}` });
      if (!entry.plural) {
        expected.add(entry.base);
        const english = entry.forms.get('')!;
        const text = texts.get(entry.base);
        if (text === undefined) add('missing', entry.base, `"${entry.base}" is missing: translate "${english}"`);
        else if (!text.trim()) add('empty', entry.base, `"${entry.base}" is empty: translate "${english}"`);
        else {
          const want = placeholders(english);
          const have = placeholders(text);
          if (want.join() !== have.join()) {
            add(
              'placeholders',
              entry.base,
              `"${entry.base}" has placeholders ${list(have)} but English has ${list(want)}: keep each {{placeholder}} exactly as in English`,
            );
          }
          if (text === english && hasWords(text) && !allowed) {
            add(
              'untranslated',
              entry.base,
              `"${entry.base}" is the same as English ("${english}"): translate it, or list "${qualified}" in ${folderLabel}/${SAME_AS_ENGLISH_FILE.split(sep).join('/')} if it is meant to read the same`,
            );
          }
        }
      } else {
        const englishOther = entry.forms.get('other') ?? [...entry.forms.values()][0];
        // {{count}} may be left out of a form that names its number in words ("one minute", Arabic's dual);
        // any other placeholder must be kept.
        const want = placeholders(englishOther).filter((p) => p !== 'count');
        const missingForms = categories.filter((c) => texts.get(`${entry.base}_${c}`) === undefined);
        for (const c of categories) expected.add(`${entry.base}_${c}`);
        if (missingForms.length === categories.length && texts.has(entry.base) && !englishTexts.has(entry.base)) {
          add(
            'plural',
            entry.base,
            `"${entry.base}" must be written as plural forms ${categories.map((c) => `"${entry.base}_${c}"`).join(', ')} (the forms ${name} uses for a count), not as one text`,
          );
          expected.add(entry.base);
        } else if (missingForms.length > 0) {
          add(
            'plural',
            `${entry.base}_${missingForms[0]}`,
            `"${entry.base}" needs the plural forms ${name} uses (${categories.join(', ')}): add ${missingForms.map((c) => `"${entry.base}_${c}"`).join(', ')}, translating "${englishOther}"`,
          );
        }
        for (const c of categories) {
          const key = `${entry.base}_${c}`;
          const text = texts.get(key);
          if (text === undefined) continue;
          const english = entry.forms.get(c) ?? englishOther;
          if (!text.trim()) {
            add('empty', key, `"${key}" is empty: translate "${english}"`);
            continue;
          }
          const have = placeholders(text);
          const extra = have.filter((p) => p !== 'count' && !want.includes(p));
          const lost = want.filter((p) => !have.includes(p));
          if (extra.length || lost.length) {
            add(
              'placeholders',
              key,
              `"${key}" has placeholders ${list(have)} but English has ${list(placeholders(englishOther))}: keep each {{placeholder}} exactly as in English`,
            );
          }
          if (text === english && hasWords(text) && !allowed && !sameAsEnglish.has(`${ns}:${key}`)) {
            add(
              'untranslated',
              key,
              `"${key}" is the same as English ("${english}"): translate it, or list "${qualified}" in ${folderLabel}/${SAME_AS_ENGLISH_FILE.split(sep).join('/')} if it is meant to read the same`,
            );
          }
        }
      }
      if (findings.length === before) done += 1;
    }
    for (const key of texts.keys()) {
      if (expected.has(key)) continue;
      const base = key.replace(PLURAL_SUFFIX, '');
      const why =
        base !== key && entries.some((e) => e.plural && e.base === base)
          ? `is a plural form ${name} does not use (it uses ${categories.join(', ')}): remove it`
          : `is not in English: remove it, or add it to locales/${SOURCE_LANGUAGE}/${ns}.json if a screen needs it`;
      findings.push({ lng, kind: 'extra', file, key, message: `${file}: "${key}" ${why}` });
    }
  }
  for (const ns of target.keys()) {
    if (!english.has(ns)) {
      const file = `${folderLabel}/${ns}.json`;
      findings.push({
        lng,
        kind: 'extra',
        file,
        message: `${file} has no English counterpart: remove it, or add locales/${SOURCE_LANGUAGE}/${ns}.json`,
      });
    }
  }
  for (const qualified of sameAsEnglish.keys()) {
    const [ns, key] = qualified.split(':');
    const texts = english.get(ns);
    const known = !!texts && !!key && (texts.has(key) || texts.has(`${key}_other`));
    if (!known) {
      const file = `${folderLabel}/${SAME_AS_ENGLISH_FILE.split(sep).join('/')}`;
      findings.push({
        lng,
        kind: 'extra',
        file,
        key: qualified,
        message: `${file}: "${qualified}" is not an English key: remove it from the list`,
      });
    }
  }
  return { lng, total, done, findings };
}

/** The language folders under a locales directory, English excluded, sorted. */
export function languageFolders(localesDir: string): string[] {
  return languagesIn(localesDir).filter((lng) => lng !== SOURCE_LANGUAGE);
}

/** Checks one language folder against the English folder of `englishDir`'s parent (or `englishDir` itself). */
export function checkLanguageFolder(
  lng: string,
  folder: string,
  englishFolder: string,
  folderLabel?: string,
): LanguageReport {
  return checkCatalogue(
    lng,
    readCatalogue(englishFolder),
    readCatalogue(folder),
    readSameAsEnglish(folder),
    folderLabel,
  );
}

/**
 * The English folder a folder of languages is compared with: its own `en/` when it has one (a copy of locales/),
 * else `fallback`'s (the portal's locales: a translator's folder that holds only the language being translated).
 */
export function englishFolderFor(localesDir: string, fallback: string): string {
  const own = join(localesDir, SOURCE_LANGUAGE);
  return existsSync(own) ? own : join(fallback, SOURCE_LANGUAGE);
}

/** Findings that say a text is still to translate (rather than a text that is wrong). */
export const TO_TRANSLATE_KINDS: ReadonlySet<FindingKind> = new Set(['missing', 'empty', 'untranslated']);

const TO_TRANSLATE_WORDS: Partial<Record<FindingKind, string>> = {
  untranslated: 'the same as English',
  missing: 'missing',
  empty: 'empty',
};

/**
 * The lines to print for a language's findings, one per problem; but once more than `limit` texts are still to
 * translate (missing, empty or the same as English: a language just begun), those are counted per file instead,
 * unless `all` asks for every one. Problems that break a screen (placeholders, plural forms, unknown keys) are
 * always listed.
 */
export function findingLines(report: LanguageReport, options: { all?: boolean; limit?: number } = {}): string[] {
  const { all = false, limit = 20 } = options;
  const toTranslate = report.findings.filter((f) => TO_TRANSLATE_KINDS.has(f.kind));
  if (all || toTranslate.length <= limit) return report.findings.map((f) => f.message);
  const lines = report.findings.filter((f) => !TO_TRANSLATE_KINDS.has(f.kind)).map((f) => f.message);
  const byFile = new Map<string, Map<FindingKind, number>>();
  for (const f of toTranslate) {
    const counts = byFile.get(f.file) ?? new Map<FindingKind, number>();
    counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
    byFile.set(f.file, counts);
  }
  for (const [file, counts] of byFile) {
    const parts = [...counts].map(([kind, n]) => `${n} ${TO_TRANSLATE_WORDS[kind]}`);
    lines.push(`${file}: ${parts.join(', ')} (texts still to translate)`);
  }
  lines.push(
    `Texts of ${englishName(report.lng)} still to translate: ${toTranslate.length}, counted per file above (add --all to list each one)`,
  );
  return lines;
}

/** Percentage complete, rounded down to one decimal so only a complete language shows 100. */
export function percent(report: LanguageReport): number {
  if (report.total === 0) return 100;
  return Math.floor((report.done / report.total) * 1000) / 10;
}

/** A plain-text table: language, its own name, percentage complete, texts done, problems. */
export function completionTable(reports: LanguageReport[]): string {
  const rows = [
    ['language', 'name', 'complete', 'texts', 'problems'],
    ...reports.map((r) => [
      r.lng,
      englishName(r.lng),
      `${percent(r).toFixed(1)} %`,
      `${r.done}/${r.total}`,
      String(r.findings.length),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Text in code: user-visible words written in TSX instead of behind an i18n key.

/** JSX attributes whose string value is shown to or read out to the user. */
export const VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'hint',
  'validationMessage',
  'content',
  'description',
]);

/** An allowed piece of text in code: the file (relative to the project) and the exact text, with a reason. */
export interface AllowedText {
  file: string;
  text: string;
  reason: string;
}

/**
 * The `.tsx` files outside the server, and the `.ts` files everywhere (the server's messages too); no tests, and no
 * generated modules (`*.generated.ts`: their texts are those of the files they are made from, such as a schema's
 * descriptions).
 */
function sourceFiles(dir: string, inServer = false): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'testing' || entry.name === 'node_modules') continue;
      out.push(...sourceFiles(path, inServer || entry.name === 'server'));
    } else if (/\.(test|spec)\.tsx?$|\.d\.ts$|\.generated\.ts$/.test(entry.name)) {
      continue;
    } else if ((entry.name.endsWith('.tsx') && !inServer) || entry.name.endsWith('.ts')) {
      out.push(path);
    }
  }
  return out.sort();
}

/** A sentence for a person: a capitalised word, then more words ("Upload cancelled", "No decision is recorded"). */
const SENTENCE = /^\p{Lu}\p{Ll}+(?:[’']\p{Ll}+)?(?: +[\p{L}\p{N}’',.!?:;()-]+)+/u;

/** Properties whose string values document an API for developers (the OpenAPI document), not for users. */
const DOCUMENTATION_PROPS = new Set(['description', 'summary']);

/**
 * True when a string literal of plain TypeScript cannot be a text for users: a module name, a property name,
 * API documentation, the message of an Error (for developers and logs) or the text of a log line.
 */
function notForUsers(node: ts.Node, source: ts.SourceFile): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true;
  if (ts.isImportTypeNode(parent.parent ?? parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) return true;
  if (ts.isPropertyAssignment(parent) && DOCUMENTATION_PROPS.has(parent.name.getText(source).replace(/['"]/g, '')))
    return true;
  for (let up: ts.Node | undefined = parent; up && !ts.isBlock(up) && !ts.isSourceFile(up); up = up.parent) {
    if (ts.isNewExpression(up) && /Error$/.test(up.expression.getText(source))) return true;
    if (ts.isCallExpression(up) && ts.isPropertyAccessExpression(up.expression)) {
      const owner = up.expression.expression.getText(source).split('.').pop() ?? '';
      if (/^(log|logger|console)$/.test(owner)) return true;
    }
  }
  return false;
}

/**
 * Finds user-visible text that is not behind a key: in TSX, JSX text with letters, string literals as JSX
 * children, and string values of the attributes in VISIBLE_PROPS; in plain TypeScript (browser code and the
 * server), string literals that read as a sentence (a capitalised word, then more words), except module names,
 * property names, API documentation, Error messages and log lines. A heuristic: what it wrongly takes for a text
 * (a CSS value, a code, a brand) is listed with its reason in text-in-code-allowed.json. `root` makes the file
 * names relative.
 */
export function findTextInCode(srcDir: string, root: string, allowed: AllowedText[] = []): LocaleFinding[] {
  const findings: LocaleFinding[] = [];
  const isAllowed = (file: string, text: string) => allowed.some((a) => a.file === file && a.text === text);
  for (const path of sourceFiles(srcDir)) {
    const file = relative(root, path).split(sep).join('/');
    const kind = path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const report = (node: ts.Node, text: string, where: string) => {
      const shown = text.replace(/\s+/g, ' ').trim();
      if (!hasWords(shown) || isAllowed(file, shown)) return;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      findings.push({
        lng: SOURCE_LANGUAGE,
        kind: 'hardcoded',
        file,
        key: `line ${line}`,
        message: `${file}:${line}: ${where} "${shown}" is written in code: put it in locales/<lng>/<namespace>.json and use t('<key>'), or list it in tools/locales/text-in-code-allowed.json if it must not be translated`,
      });
    };
    const plain = path.endsWith('.ts');
    const visit = (node: ts.Node) => {
      if (plain) {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
          const text = node.text.replace(/\s+/g, ' ').trim();
          if (SENTENCE.test(text) && !notForUsers(node, source)) report(node, text, 'string');
        }
      } else if (ts.isJsxText(node)) report(node, node.text, 'text');
      else if (
        ts.isJsxExpression(node) &&
        node.expression &&
        (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
        ts.isJsxElement(node.parent)
      ) {
        report(node, node.expression.text, 'text');
      } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(source)) && node.initializer) {
        const init = node.initializer;
        const literal = ts.isStringLiteral(init)
          ? init
          : ts.isJsxExpression(init) &&
              init.expression &&
              (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
            ? init.expression
            : undefined;
        if (literal) report(node, literal.text, `${node.name.getText(source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}

/** Reads the allow-list of text in code. */
export function readAllowedText(path: string): AllowedText[] {
  if (!existsSync(path)) return [];
  return JSON.parse(readFileSync(path, 'utf8')) as AllowedText[];
}
