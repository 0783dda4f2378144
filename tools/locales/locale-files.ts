import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languagesIn } from '../../src/server/languages';
import { FALLBACK_LANGUAGE } from '../../src/shared/languages';

// The locale files as the checks and the translators' exchange read and write them: a language's namespaces as
// flat keys, its allow-list of texts meant to read the same as English, and where the languages' folders are.

/** English, the complete catalogue every language is compared with. */
export const SOURCE_LANGUAGE = FALLBACK_LANGUAGE;

/** Where a language's list of texts meant to read the same as English lives, relative to its folder. */
export const SAME_AS_ENGLISH_FILE = join('_meta', 'same-as-english.json');

/** A language's texts: namespace -> flat key ("a.b.0.c") -> text. */
export type Catalogue = Map<string, Map<string, string>>;

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

/** The language folders under a locales directory, English excluded, sorted. */
export function languageFolders(localesDir: string): string[] {
  return languagesIn(localesDir).filter((lng) => lng !== SOURCE_LANGUAGE);
}

/**
 * The English folder a folder of languages is compared with: its own `en/` when it has one (a copy of locales/),
 * else `fallback`'s (the portal's locales: a translator's folder that holds only the language being translated).
 */
export function englishFolderFor(localesDir: string, fallback: string): string {
  const own = join(localesDir, SOURCE_LANGUAGE);
  return existsSync(own) ? own : join(fallback, SOURCE_LANGUAGE);
}
