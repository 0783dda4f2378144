import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const cache = new Map<string, Record<string, unknown>>();

function namespace(lang: string, ns: string, dir: string): Record<string, unknown> {
  const cacheKey = `${dir}|${lang}|${ns}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const file = join(dir, lang, `${ns}.json`);
  const data = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  cache.set(cacheKey, data);
  return data;
}

function lookup(tree: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Languages available: the folders of `locales/`. */
export function availableLanguages(dir: string = LOCALES_DIR): string[] {
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
}

/**
 * Translates a namespaced key ("validation:email.required") for the validation answers, falling back to
 * English, then to the key itself. Interpolates {{name}} placeholders.
 */
export function translateMessage(
  lang: string,
  qualifiedKey: string,
  vars: Record<string, unknown> = {},
  dir: string = LOCALES_DIR,
): string {
  const colon = qualifiedKey.indexOf(':');
  const ns = colon === -1 ? 'validation' : qualifiedKey.slice(0, colon);
  const key = colon === -1 ? qualifiedKey : qualifiedKey.slice(colon + 1);
  const base = lang.split('-')[0] ?? 'en';
  const text = lookup(namespace(base, ns, dir), key) ?? lookup(namespace('en', ns, dir), key) ?? qualifiedKey;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => (name in vars ? String(vars[name]) : `{{${name}}}`));
}
