import { createHash } from 'node:crypto';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
// The API checks any form at any time: every cross-field rule is loaded before it serves.
import '../../shared/rules/all-rules';
import { conditionsOf, createFormFlow, type CompiledCheck, type FormFlow } from '../../shared/forms/flow';
import { createRefResolver, type JsonSchema, type RefResolver } from '../../shared/validation/schema-walk';
import { createValidationAjv } from './ajv-factory';
import { DEFAULT_SCHEMAS_DIR, parseSchemaTexts, readSchemaTexts, type SchemaFile } from './schema-files';

/**
 * The schema files of one folder as the server uses them, read once into one Ajv: the fastify validator of the
 * request bodies, the flows that check a form's answers (steps and public forms) and the OpenAPI description all take
 * their schemas from here.
 */
export interface FormsModule {
  dir: string;
  /** Definitions, form schemas and API body schemas, each with its `$id`. */
  files: readonly SchemaFile[];
  byId: Readonly<Record<string, JsonSchema>>;
  resolve: RefResolver;
  /** A form's UI schema (`<id>.ui.json`), `{}` when it has none. */
  uiSchema(id: string): JsonSchema;
  /** A form's flow model: its pages, conditions and problems, the same as the browser's. */
  flow(id: string): FormFlow;
  /** A validator for a schema that refers to the files (a route's body or parameters), compiled once per schema. */
  compile(schema: JsonSchema): ValidateFunction;
}

const loaded = new Map<string, { signature: string; forms: FormsModule }>();

/**
 * The forms module of a schemas folder. Read and compiled once: the module is kept and given again while the
 * folder's files stay as they were, and read anew when one of them changed (an edited copy of the configuration).
 * Every schema is compiled at once, so a broken file fails at start-up rather than on the first request.
 */
export function loadForms(dir: string = DEFAULT_SCHEMAS_DIR): FormsModule {
  const texts = readSchemaTexts(dir);
  const signature = createHash('sha256')
    .update(JSON.stringify(texts.map((t) => [t.file, t.text, t.uiText ?? ''])))
    .digest('hex');
  const known = loaded.get(dir);
  if (known?.signature === signature) return known.forms;
  const forms = createFormsModule(dir, parseSchemaTexts(texts), texts);
  loaded.set(dir, { signature, forms });
  return forms;
}

function createFormsModule(dir: string, files: SchemaFile[], texts: ReturnType<typeof readSchemaTexts>): FormsModule {
  const ajv: Ajv = createValidationAjv();
  const byId: Record<string, JsonSchema> = {};
  for (const { id, schema } of files) {
    ajv.addSchema(schema, id);
    byId[id] = schema;
  }
  for (const { id } of files) ajv.getSchema(id);
  const resolve = createRefResolver(byId);
  const uiTexts = new Map(texts.map((t, i) => [files[i].id, t.uiText]));
  const uiSchema = (id: string): JsonSchema => {
    const text = uiTexts.get(id);
    return text ? (JSON.parse(text) as JsonSchema) : {};
  };

  const flows = new Map<string, FormFlow>();
  const flow = (id: string): FormFlow => {
    let found = flows.get(id);
    if (!found) {
      const schema = byId[id];
      const validate = ajv.getSchema(id);
      if (!schema || !validate) throw new Error(`schemas/${id}.schema.json does not exist`);
      const ui = uiSchema(id);
      const conditions: Record<string, CompiledCheck> = {};
      for (const [key, when] of Object.entries(conditionsOf(ui, schema))) {
        conditions[key] = ajv.compile({
          ...when,
          $id: `${id}--api-when--${key.replace(/[^A-Za-z0-9_-]/g, '-')}`,
        }) as CompiledCheck;
      }
      found = createFormFlow({ id, schema, uiSchema: ui, validate: validate as CompiledCheck, conditions, resolve });
      flows.set(id, found);
    }
    return found;
  };

  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: JsonSchema): ValidateFunction => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(schema)));
    return validate;
  };

  return { dir, files, byId, resolve, uiSchema, flow, compile };
}
