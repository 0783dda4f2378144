import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
// The API checks any form at any time: every cross-field rule is loaded before it serves.
import '../../shared/rules/all-rules';
import { conditionsOf, createFormFlow, type CompiledCheck, type FormFlow } from '../../shared/forms/flow';
import { createRefResolver, type JsonSchema, type RefResolver } from '../../shared/validation/schema-walk';
import { createValidationAjv } from '../validation/ajv-factory';
import { DEFAULT_SCHEMAS_DIR, loadSchemaFiles } from '../validation/schema-files';

export { topField } from '../../shared/forms/flow';

/** One form as the API checks it: the same flow model (pages, conditions, problems) as the browser's. */
export type FormChecker = FormFlow;

/** Builds the flows of the given forms from the schema files (once, at start-up). */
export function createFormCheckers(ids: string[], dir: string = DEFAULT_SCHEMAS_DIR): Record<string, FormChecker> {
  const files = loadSchemaFiles(dir);
  const ajv = createValidationAjv();
  const byId: Record<string, JsonSchema> = {};
  for (const f of files) {
    ajv.addSchema(f.schema, f.id);
    byId[f.id] = f.schema;
  }
  const resolve: RefResolver = createRefResolver(byId);
  return Object.fromEntries(ids.map((id) => [id, createChecker(id, dir, ajv, byId, resolve)]));
}

function createChecker(
  id: string,
  dir: string,
  ajv: ReturnType<typeof createValidationAjv>,
  byId: Record<string, JsonSchema>,
  resolve: RefResolver,
): FormChecker {
  const schema = byId[id];
  const validate = ajv.getSchema(id);
  if (!schema || !validate) throw new Error(`schemas/${id}.schema.json does not exist`);
  const uiPath = join(dir, `${id}.ui.json`);
  const uiSchema = existsSync(uiPath) ? (JSON.parse(readFileSync(uiPath, 'utf8')) as JsonSchema) : {};
  const conditions: Record<string, CompiledCheck> = {};
  for (const [key, when] of Object.entries(conditionsOf(uiSchema, schema))) {
    const compiled: ValidateFunction = ajv.compile({
      ...when,
      $id: `${id}--api-when--${key.replace(/[^A-Za-z0-9_-]/g, '-')}`,
    });
    conditions[key] = compiled as CompiledCheck;
  }
  return createFormFlow({ id, schema, uiSchema, validate: validate as CompiledCheck, conditions, resolve });
}
