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

/** A schema file's text as read, with its UI schema's text when it has one. */
export interface SchemaText {
  file: string;
  text: string;
  uiText?: string;
}

/** The texts of definitions, every form schema and every API body schema (not the route manifest or meta schemas). */
export function readSchemaTexts(dir: string = DEFAULT_SCHEMAS_DIR): SchemaText[] {
  const out: SchemaText[] = [];
  const read = (path: string) => {
    const uiPath = path.replace(/\.schema\.json$/, '.ui.json');
    out.push({
      file: relative(dir, path).split('\\').join('/'),
      text: readFileSync(path, 'utf8'),
      uiText: existsSync(uiPath) ? readFileSync(uiPath, 'utf8') : undefined,
    });
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

/** The schemas of the texts. A form's fields that its UI schema asks only under a condition (a page's or a field's `when`) are required only then. */
export function parseSchemaTexts(texts: readonly SchemaText[]): SchemaFile[] {
  return texts.map(({ file, text, uiText }) => {
    let schema = JSON.parse(text) as JsonSchema;
    if (uiText !== undefined) schema = withConditionalRequired(schema, JSON.parse(uiText) as JsonSchema);
    return { file, id: String(schema.$id ?? ''), schema };
  });
}

/** Reads definitions, every form schema and every API body schema (see `parseSchemaTexts`). */
export function loadSchemaFiles(dir: string = DEFAULT_SCHEMAS_DIR): SchemaFile[] {
  return parseSchemaTexts(readSchemaTexts(dir));
}
