import { readFileSync } from 'node:fs';
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
