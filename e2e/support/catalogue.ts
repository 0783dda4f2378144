import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { collectPageTexts, englishLeft, englishTexts as detectorTexts, type EnglishText } from './english-left';

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

/** The English texts that must not be left on a page in `lng` (see `english-left.ts`). */
export function englishTexts(lng: string, localesDir = LOCALES_DIR): EnglishText[] {
  return detectorTexts(lng, localesDir);
}

/**
 * Fails, naming each key, when the page shows English texts of the catalogue (long or short, the static parts of
 * texts with placeholders). `userData` are values the test typed or the user owns (names, addresses), never
 * taken for English.
 */
export async function expectNoEnglish(
  page: Page,
  texts: EnglishText[],
  where: string,
  { userData = [] }: { userData?: readonly string[] } = {},
) {
  await expect(page.locator('main')).toBeVisible();
  // The function itself is sent to the page (it uses nothing outside itself).
  const shown = await page.evaluate(collectPageTexts);
  expect(englishLeft(texts, shown, userData), `English text left on ${where}`).toEqual([]);
}
