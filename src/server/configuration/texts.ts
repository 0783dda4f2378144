/**
 * The texts of a configuration, one language's namespace at a time, as the staff's texts page reads and changes them:
 * each text by its dotted key (`signIn.title`), beside the English one. Only the English file's keys are texts: a key
 * English lacks is not one to write, save a plural form the language has and English has not (`_few`, `_many`).
 */
import type { ConfigFiles } from './files';

/** A text of the namespace: its key, the English text, and the language's (undefined while not translated). */
export interface TextRow {
  key: string;
  english: string;
  text?: string;
}

type Json = { [key: string]: string | Json };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The strings of a locale file by dotted key, in the file's order. */
export function flatTexts(text: string | undefined): Map<string, string> {
  const flat = new Map<string, string>();
  const walk = (node: Json, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
      else if (isObject(value)) walk(value, `${prefix}${key}.`);
    }
  };
  if (text !== undefined) {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed)) walk(parsed, '');
  }
  return flat;
}

export const localeFile = (language: string, namespace: string) => `locales/${language}/${namespace}.json`;

/** The languages and the namespaces of a configuration's texts (English's files name the namespaces). */
export function textCatalogue(files: ConfigFiles): { languages: string[]; namespaces: string[] } {
  const languages = new Set<string>();
  const namespaces = new Set<string>();
  for (const path of Object.keys(files)) {
    const match = /^locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    languages.add(match[1]);
    if (match[1] === 'en') namespaces.add(match[2]);
  }
  return { languages: [...languages].sort(), namespaces: [...namespaces].sort() };
}

/** The plural forms a language may add to an English text with plurals (`_one`/`_other`). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The texts of one language's namespace, in English's order, each with the English text. */
export function textRows(files: ConfigFiles, language: string, namespace: string): TextRow[] {
  const english = flatTexts(files[localeFile('en', namespace)]);
  const own = flatTexts(files[localeFile(language, namespace)]);
  const rows: TextRow[] = [...english].map(([key, text]) => ({ key, english: text, text: own.get(key) }));
  // The language's own plural forms beside English's (Arabic's _few, French's _many), after the English forms.
  const stems = new Set(
    [...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((k) => k.replace(PLURAL_SUFFIX, '')),
  );
  for (const [key, text] of own) {
    if (english.has(key) || !PLURAL_SUFFIX.test(key) || !stems.has(key.replace(PLURAL_SUFFIX, ''))) continue;
    const stem = key.replace(PLURAL_SUFFIX, '');
    const other = english.get(`${stem}_other`) ?? '';
    const at = rows.findLastIndex((row) => row.key.replace(PLURAL_SUFFIX, '') === stem);
    rows.splice(at + 1, 0, { key, english: other, text });
  }
  return rows;
}

/** Whether `key` is a text of the namespace the language may write: one of `rows`. */
export const isTextKey = (rows: readonly TextRow[], key: string) => rows.some((row) => row.key === key);

/**
 * A locale file with `changes` made (dotted key -> text; an empty text removes the key, which is then untranslated),
 * each text kept where it was and a new one added at the end of its group, laid out as the repository's files are.
 */
export function withTexts(text: string | undefined, changes: Readonly<Record<string, string>>): string {
  const root: Json = text === undefined ? {} : (JSON.parse(text) as Json);
  for (const [key, value] of Object.entries(changes)) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (!isObject(node[part])) node[part] = {};
      node = node[part] as Json;
    }
    const last = parts.at(-1)!;
    if (value === '') delete node[last];
    else node[last] = value;
  }
  return `${JSON.stringify(root, null, 2)}\n`;
}
