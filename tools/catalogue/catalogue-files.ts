import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFormIds } from '../../src/server/validation/precompile';
import { loadSchemaFiles, type SchemaFile } from '../../src/server/validation/schema-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs } from './finding';

// Reading the catalogue's files for the checks: JSON, the forms and their examples, UI schemas node by node, and
// the names a registry source file registers.

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Form ids and API body ids with their files. */
export function catalogue(dirs: CatalogueDirs = DEFAULT_DIRS) {
  const files = loadSchemaFiles(dirs.schemas);
  const forms = listFormIds(dirs.schemas);
  return { files, forms };
}

export interface Examples {
  valid?: unknown[];
  invalid?: { data: unknown; errors: Record<string, string> }[];
}

export function examplesPath(dirs: CatalogueDirs, f: SchemaFile) {
  return join(dirs.schemas, f.file.replace(/\.schema\.json$/, '.examples.json'));
}

/** Names registered in an object literal `export const <name> ... = { key: Value, ... }` of a source file. */
export function registeredNames(source: string, constName: string): string[] {
  const start = source.search(new RegExp(`export const ${constName}\\b[^=]*=\\s*{`));
  if (start === -1) return [];
  const body = source.slice(source.indexOf('{', start) + 1, source.indexOf('\n}', start));
  const names: string[] = [];
  for (const m of body.matchAll(/^\s*(?:'([^']+)'|"([^"]+)"|\[([A-Z_]+)\]|([A-Za-z_$][\w$]*))\s*:/gm)) {
    names.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  return names;
}

export function walkUi(ui: unknown, visit: (node: Record<string, unknown>, path: string) => void, path = '') {
  if (!isObject(ui)) return;
  visit(ui, path);
  for (const [k, v] of Object.entries(ui))
    if (!k.startsWith('ui:') && isObject(v)) walkUi(v, visit, path ? `${path}.${k}` : k);
}
