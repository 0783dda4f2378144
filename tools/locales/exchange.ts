/**
 * Export and import of one language for translators' tools: XLIFF 2.0 (through the `xliff` package) or CSV
 * with the columns key, English, translation and context note. An exported file lists every text the language
 * needs, its plural forms expanded to the language's CLDR categories; importing a file validates it as
 * `npm run check:locales` does before it writes `locales/<lng>/`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import xliff from 'xliff';
import { formatLike } from './json-layout';
import {
  checkCatalogue,
  englishName,
  pluralCategories,
  placeholders,
  readCatalogue,
  readSameAsEnglish,
  unflatten,
  type Catalogue,
  type LanguageReport,
} from './locale-check';

/** One text to translate. */
export interface ExchangeUnit {
  namespace: string;
  key: string;
  english: string;
  translation: string;
  note: string;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The keys a language needs for one namespace, in English order, each with its English text and a note. */
function targetKeys(lng: string, english: Map<string, string>): { key: string; english: string; note: string }[] {
  const out: { key: string; english: string; note: string }[] = [];
  const done = new Set<string>();
  const categories = pluralCategories(lng);
  for (const [key, text] of english) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const plural = base !== key && english.has(`${base}_other`);
    const names = placeholders(text);
    const keep = names.length ? ` Keep ${names.map((n) => `{{${n}}}`).join(', ')} as written.` : '';
    if (!plural) {
      out.push({ key, english: text, note: keep.trim() });
      continue;
    }
    if (done.has(base)) continue;
    done.add(base);
    const other = english.get(`${base}_other`)!;
    for (const c of categories) {
      out.push({
        key: `${base}_${c}`,
        english: english.get(`${base}_${c}`) ?? other,
        note: `Plural form "${c}" of ${englishName(lng)} (CLDR): the text for a {{count}} in that category; {{count}} may be written in words.${keep}`,
      });
    }
  }
  return out;
}

/**
 * Every text of a language with its current translation (empty when none), in English order: the language's texts
 * from `<localesDir>/<lng>/`, English from `englishFolder` (by default `<localesDir>/en`).
 */
export function exportUnits(lng: string, localesDir: string, englishFolder = join(localesDir, 'en')): ExchangeUnit[] {
  const english = readCatalogue(englishFolder);
  const target = readCatalogue(join(localesDir, lng));
  return [...english].flatMap(([namespace, texts]) =>
    targetKeys(lng, texts).map((t) => ({ namespace, ...t, translation: target.get(namespace)?.get(t.key) ?? '' })),
  );
}

export function toXliff(lng: string, units: ExchangeUnit[]): Promise<string> {
  const resources: Record<string, Record<string, { source: string; target: string; note?: string }>> = {};
  for (const u of units) {
    resources[u.namespace] ??= {};
    resources[u.namespace][u.key] = { source: u.english, target: u.translation, ...(u.note ? { note: u.note } : {}) };
  }
  return xliff.js2xliff({ sourceLanguage: 'en', targetLanguage: lng, resources });
}

export async function fromXliff(xml: string): Promise<{ lng: string; units: ExchangeUnit[] }> {
  const document = await xliff.xliff2js(xml);
  const units = Object.entries(document.resources).flatMap(([namespace, entries]) =>
    Object.entries(entries).map(([key, u]) => ({
      namespace,
      key,
      english: u.source ?? '',
      translation: u.target ?? '',
      note: u.note ?? '',
    })),
  );
  return { lng: document.targetLanguage, units };
}

/** CSV (RFC 4180): key ("namespace:key"), English, translation, context note; the header names the language. */
export function toCsv(lng: string, units: ExchangeUnit[]): string {
  const rows = [
    ['key', 'en', lng, 'note'],
    ...units.map((u) => [`${u.namespace}:${u.key}`, u.english, u.translation, u.note]),
  ];
  return stringify(rows, { record_delimiter: 'windows', quote_record_delimiter: true });
}

/** The rows of a CSV file (a leading BOM and blank rows left out; lines may end in CRLF, LF or CR, even mixed). */
const parseCsv = (text: string): string[][] =>
  parse(text, { bom: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] }).filter((r) =>
    r.some((v) => v !== ''),
  );

export function fromCsv(text: string): { lng: string; units: ExchangeUnit[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header || header[0] !== 'key' || header.length < 3)
    throw new Error('The CSV must start with the header row: key,en,<language>,note');
  const units = rows.map((r) => {
    const [qualified, english = '', translation = '', note = ''] = r;
    const at = qualified.indexOf(':');
    if (at < 0) throw new Error(`"${qualified}" is not a "namespace:key"`);
    return { namespace: qualified.slice(0, at), key: qualified.slice(at + 1), english, translation, note };
  });
  return { lng: header[2], units };
}

/** The catalogue an exchange file describes; units left empty are left out (they are still to translate). */
export function catalogueOf(units: ExchangeUnit[]): Catalogue {
  const catalogue: Catalogue = new Map();
  for (const u of units) {
    if (!u.translation.trim()) continue;
    if (!catalogue.has(u.namespace)) catalogue.set(u.namespace, new Map());
    catalogue.get(u.namespace)!.set(u.key, u.translation);
  }
  return catalogue;
}

/** Problems that make a file unusable: its texts would break screens (placeholders) or name unknown keys. */
export const BLOCKING_KINDS = new Set(['placeholders', 'extra']);

/**
 * Validates an imported language like the check; unless a blocking problem is found, writes its namespace
 * files to `<localesDir>/<lng>/` (English key order, the language's plural forms in CLDR order), keeping
 * the folder's `_meta` and each file's layout (that of the file it replaces, else of its English counterpart), so
 * a file whose texts did not change is written back byte for byte. English is read from `englishFolder` (by
 * default `<localesDir>/en`). Answers the report and whether it wrote.
 */
export function importLanguage(
  lng: string,
  units: ExchangeUnit[],
  localesDir: string,
  englishFolder = join(localesDir, 'en'),
  /** How the findings name the language's folder (the folder written, as the translator typed it). */
  folderLabel = `locales/${lng}`,
): { report: LanguageReport; written: boolean } {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lng) || lng === 'en')
    throw new Error(`"${lng}" is not a language to import into (use a code such as fr, pt, zh or ar)`);
  const folder = join(localesDir, lng);
  const english = readCatalogue(englishFolder);
  const target = catalogueOf(units);
  const report = checkCatalogue(lng, english, target, readSameAsEnglish(folder), folderLabel);
  if (report.findings.some((f) => BLOCKING_KINDS.has(f.kind))) return { report, written: false };
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true });
  for (const [namespace, texts] of english) {
    const translated = target.get(namespace) ?? new Map<string, string>();
    const ordered = targetKeys(lng, texts)
      .filter((t) => translated.has(t.key))
      .map((t) => [t.key, translated.get(t.key)!] as [string, string]);
    if (ordered.length === 0) continue;
    const file = join(folder, `${namespace}.json`);
    const template = [file, join(englishFolder, `${namespace}.json`)].find((f) => existsSync(f));
    writeFileSync(file, formatLike(unflatten(ordered), template && readFileSync(template, 'utf8')));
  }
  return { report, written: true };
}
