import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withConditionalRequired } from '../../shared/forms/flow';
import type { JsonSchema } from '../../shared/validation/schema-walk';

/** The repository's `schemas/` folder. */
export const DEFAULT_SCHEMAS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../schemas');

export interface SchemaFile {
  /** Path relative to the schemas folder, e.g. "registration.schema.json" or "api/verify.schema.json". */
  file: string;
  id: string;
  schema: JsonSchema;
}

/**
 * Reads definitions, every form schema and every API body schema (not the route manifest or meta schemas). A form's
 * fields that its UI schema asks only under a condition (a page's or a field's `when`) are required only then.
 */
export function loadSchemaFiles(dir: string = DEFAULT_SCHEMAS_DIR): SchemaFile[] {
  const out: SchemaFile[] = [];
  const read = (path: string) => {
    let schema = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;
    const uiPath = path.replace(/\.schema\.json$/, '.ui.json');
    if (existsSync(uiPath))
      schema = withConditionalRequired(schema, JSON.parse(readFileSync(uiPath, 'utf8')) as JsonSchema);
    const file = relative(dir, path).split('\\').join('/');
    out.push({ file, id: String(schema.$id ?? ''), schema });
  };
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.schema.json')) read(join(dir, name));
  }
  const apiDir = join(dir, 'api');
  if (existsSync(apiDir)) {
    for (const name of readdirSync(apiDir).sort()) {
      if (name.endsWith('.schema.json')) read(join(apiDir, name));
    }
  }
  return out;
}
