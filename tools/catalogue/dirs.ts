import { mkdirSync, mkdtempSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogueDirs } from './finding';

// Where the catalogue is read from: the repository's schemas/ and locales/, or an edited copy.

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A new empty folder under the repository's `.cache/` (made first on a fresh clone) for a test's scratch files. */
export function makeScratchDir(prefix: string): string {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  return mkdtempSync(join(ROOT, '.cache', prefix));
}

export const DEFAULT_DIRS: CatalogueDirs = {
  schemas: join(ROOT, 'schemas'),
  locales: join(ROOT, 'locales'),
  engineRegistry: join(ROOT, 'src/engine/registry.ts'),
  pageRegistry: join(ROOT, 'src/routing/page-registry.ts'),
  manifest: join(ROOT, 'schemas/routes.manifest.json'),
  code: join(ROOT, 'src'),
};

/**
 * The configuration in use: SCHEMAS_DIR and LOCALES_DIR when set (an editor's edited copy, as docs/editors.md's "Try an edited
 * copy end to end" and `npm test`'s recipes step set them), else the repository's schemas/ and locales/.
 */
export function configuredDirs(env: NodeJS.ProcessEnv = process.env): CatalogueDirs {
  const schemas = env.SCHEMAS_DIR?.trim();
  const locales = env.LOCALES_DIR?.trim();
  return {
    ...DEFAULT_DIRS,
    ...(schemas ? { schemas: resolve(schemas), manifest: join(resolve(schemas), 'routes.manifest.json') } : {}),
    ...(locales ? { locales: resolve(locales) } : {}),
  };
}
