import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A configuration as files: what an editor or translator changes (the forms' schemas and UI schemas, their examples,
 * the route manifest, the decision and documents rules, and every language's texts), by path in the repository's
 * layout (`schemas/login.schema.json`, `locales/fr/common.json`), each with its text exactly as written. The API's
 * request schemas (`schemas/api/`) and the meta-schemas (`schemas/meta/`) are code, not configuration.
 */
export type ConfigFiles = Readonly<Record<string, string>>;

/** Folders of `schemas/` that belong to the code (and are left out of a configuration). */
const CODE_FOLDERS = new Set(['schemas/api', 'schemas/meta']);

/** Reads the JSON files under `dir` into `into`, named `<folder>/<path under dir>`, leaving out the code's folders. */
function readFolder(dir: string, folder: string, into: Record<string, string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!CODE_FOLDERS.has(path)) readFolder(join(dir, entry.name), path, into);
    } else if (entry.isFile() && entry.name.endsWith('.json')) {
      into[path] = readFileSync(join(dir, entry.name), 'utf8');
    }
  }
}

/**
 * The configuration in `root` (its `schemas/` and `locales/`, either of which may be missing), sorted by path. A
 * file is taken as text: a configuration is JSON, and the text keeps its layout byte for byte.
 */
export function readConfigFiles(root: string): Record<string, string> {
  return readServedFiles(join(root, 'schemas'), join(root, 'locales'));
}

/**
 * The configuration of the folders a server is configured with (SCHEMAS_DIR and the portal's locales), named as in
 * the repository's layout whatever the folders are called; a folder that does not exist gives no files.
 */
export function readServedFiles(schemasDir: string, localesDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (existsSync(schemasDir)) readFolder(schemasDir, 'schemas', files);
  if (existsSync(localesDir)) readFolder(localesDir, 'locales', files);
  return sortedFiles(files);
}

/** Writes `files` under `root` in the repository's layout (folders made as needed). */
export function writeConfigFiles(root: string, files: ConfigFiles): void {
  for (const [path, text] of Object.entries(files)) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}

/** The files in path order, so that the same configuration is always stored, hashed and listed the same way. */
export function sortedFiles(files: ConfigFiles): Record<string, string> {
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A digest of a configuration's paths and texts: two configurations with the same files have the same one. */
export function configHash(files: ConfigFiles): string {
  const hash = createHash('sha256');
  for (const [path, text] of Object.entries(sortedFiles(files))) hash.update(`${path}\0${text}\0`);
  return hash.digest('hex');
}

/** Whether `path` names a file a configuration may hold (a JSON file under `schemas/` or `locales/`, not code). */
export function isConfigPath(path: string): boolean {
  if (!/^(schemas|locales)\/[\w./-]+\.json$/.test(path) || path.includes('..')) return false;
  return ![...CODE_FOLDERS].some((folder) => path.startsWith(`${folder}/`));
}
