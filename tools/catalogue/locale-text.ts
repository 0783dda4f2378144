import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { languagesIn } from '../../src/server/languages';
import { isObject, readJson } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs } from './finding';

// The texts of the locale files as the checks read them: by language, by "ns:key", leaf by leaf, and their
// {{placeholders}}.

/** Languages: the folders of locales/ (src/server/languages.ts). */
export function languages(dirs: CatalogueDirs = DEFAULT_DIRS): string[] {
  return languagesIn(dirs.locales);
}

const localeCache = new Map<string, unknown>();
/** The text of a "ns:key" in a language, or undefined. */
export function lookup(dirs: CatalogueDirs, lang: string, qualified: string): string | undefined {
  const colon = qualified.indexOf(':');
  if (colon === -1) return undefined;
  const ns = qualified.slice(0, colon);
  const path = join(dirs.locales, lang, `${ns}.json`);
  if (!localeCache.has(path)) localeCache.set(path, existsSync(path) ? readJson(path) : null);
  let node = localeCache.get(path);
  for (const part of qualified.slice(colon + 1).split('.')) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Forgets the locale files read so far (tests edit copies). */
export function clearLocaleCache() {
  localeCache.clear();
}

export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
}

/** Every leaf of a locale file as "a.b.c" -> text; arrays (e.g. FAQ items) by index. */
export function leaves(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (Array.isArray(node)) node.forEach((item, i) => leaves(item, prefix ? `${prefix}.${i}` : String(i), out));
  else if (isObject(node)) for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Plural forms differ between languages (`_one`, `_few`, ...): compare the key without its plural suffix. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
