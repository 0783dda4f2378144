import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';

/** The repository's texts, one folder per language (a test of an edited copy passes its own folder). */
export const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'locales');

/** A text of a language's catalogue by its key (`ns:a.b.c`), as the portal shows it before interpolation. */
export function catalogueText(lng: string, key: string, localesDir = LOCALES_DIR): string {
  const [ns, path] = key.split(':');
  let node: unknown = JSON.parse(readFileSync(join(localesDir, lng, `${ns}.json`), 'utf8'));
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${lng} text ${key} in ${localesDir}`);
  return node;
}

function leaves(node: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (Array.isArray(node)) node.forEach((item, i) => leaves(item, `${prefix}.${i}`, out));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Every text of a language's browser namespaces as "ns:key" -> text. */
function catalogue(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES_DIR, lng)).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    leaves(JSON.parse(readFileSync(join(LOCALES_DIR, lng, file), 'utf8')), `${ns}:`, out);
  }
  return out;
}

/**
 * English texts that must not appear in the language: long enough to be unmistakable (12 characters and two
 * words), without placeholders, and translated differently in the language.
 */
export function englishTexts(lng: string): string[] {
  const english = catalogue('en');
  const target = catalogue(lng);
  return [...english]
    .filter(
      ([key, text]) => text.length >= 12 && /\s/.test(text.trim()) && !text.includes('{{') && target.get(key) !== text,
    )
    .map(([, text]) => text);
}

export async function expectNoEnglish(page: Page, texts: string[], where: string) {
  await expect(page.locator('main')).toBeVisible();
  const shown = await page.locator('body').innerText();
  const left = texts.filter((text) => shown.includes(text));
  expect(left, `English text left on ${where}`).toEqual([]);
}
