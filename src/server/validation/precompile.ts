import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { _ } from 'ajv/dist/compile/codegen/index.js';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import { conditionsOf, pagesOf } from '../../shared/forms/flow';
import { bundleSchema, type JsonSchema } from '../../shared/validation/schema-walk';
import { extendAjv, VALIDATION_OPTIONS } from './ajv-factory';
import { DEFAULT_SCHEMAS_DIR, loadSchemaFiles } from './schema-files';

/** rjsf marks schemas it builds for additionalProperties with this keyword; strict mode must know it. */
const RJSF_ADDITIONAL_PROPERTIES_FLAG = '__rjsf_additionalProperties';

/** Runtime helpers ajv's standalone output would `require`; inlined so the browser module is plain ESM. */
const FORMATS_IMPORT = 'import { fullFormats as __ajvFullFormats } from "ajv-formats/dist/formats.js";\n';
const RUNTIME_PRELUDE = `function __ucs2length(str) { const len = str.length; let length = 0; let pos = 0; let value;
  while (pos < len) { length++; value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) { value = str.charCodeAt(pos); if ((value & 0xfc00) === 0xdc00) pos++; } }
  return length; }
function __equal(a, b) { if (a === b) return true;
  if (a && b && typeof a === "object" && typeof b === "object") {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const ka = Object.keys(a); const kb = Object.keys(b); if (ka.length !== kb.length) return false;
    for (const k of ka) { if (!Object.prototype.hasOwnProperty.call(b, k) || !__equal(a[k], b[k])) return false; }
    return true; }
  return a !== a && b !== b; }
`;

/** Ids of the forms: top-level `<id>.schema.json` files other than the shared definitions. */
export function listFormIds(dir: string = DEFAULT_SCHEMAS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json') && f !== 'definitions.schema.json')
    .map((f) => f.slice(0, -'.schema.json'.length))
    .sort();
}

function readJson(path: string, fallback: unknown): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : fallback;
}

/** The files a form is made of (for watching in development). */
export function formFiles(id: string, dir: string = DEFAULT_SCHEMAS_DIR): string[] {
  return [`${id}.schema.json`, `${id}.ui.json`, `${id}.examples.json`, 'definitions.schema.json'].map((f) =>
    join(dir, f),
  );
}

/** Reads a form's schema bundled into one document, its UI schema and its examples. */
export function readForm(id: string, dir: string = DEFAULT_SCHEMAS_DIR) {
  const files = loadSchemaFiles(dir);
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const own = files.find((f) => f.file === `${id}.schema.json`);
  if (!own) throw new Error(`schemas/${id}.schema.json does not exist`);
  const schema = bundleSchema(own.schema, byId);
  const uiSchema = readJson(join(dir, `${id}.ui.json`), {}) as JsonSchema;
  const examples = readJson(join(dir, `${id}.examples.json`), { valid: [], invalid: [] }) as JsonSchema;
  const pages = pagesOf(uiSchema, schema);
  return { id: String(own.schema.$id), schema, uiSchema, examples, pages };
}

/** Rewrites local refs ("#/definitions/x") of a sub-schema so they point into the form's root document. */
function anchorRefs(node: unknown, rootId: string): unknown {
  if (Array.isArray(node)) return node.map((n) => anchorRefs(n, rootId));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node as JsonSchema)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${rootId}${v}` : anchorRefs(v, rootId);
  }
  return out;
}

/** Turns ajv standalone output into a self-contained ES module: no `require`, no compiler. */
export function toBrowserModuleCode(code: string): string {
  const rewritten = code
    .replace(/^"use strict";/, '')
    .replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, '__ucs2length')
    .replace(/require\("ajv\/dist\/runtime\/equal"\)\.default/g, '__equal')
    .replace(/require\("ajv-formats\/dist\/formats"\)\.fullFormats/g, '__ajvFullFormats');
  const leftover = /require\("([^"]+)"\)/.exec(rewritten);
  if (leftover) {
    throw new Error(
      `Precompiled validation needs "${leftover[1]}", which has no browser replacement yet: avoid the keyword or add it to precompile.ts`,
    );
  }
  return (rewritten.includes('__ajvFullFormats') ? FORMATS_IMPORT : '') + RUNTIME_PRELUDE + rewritten;
}

/**
 * The ES module for one form: bundled schema, UI schema, examples, rjsf precompiled validator functions
 * (keyed like `createPrecompiledValidator` expects) and one validator per `when` condition of a page or a field.
 */
export function buildFormModule(id: string, dir: string = DEFAULT_SCHEMAS_DIR): string {
  const form = readForm(id, dir);
  const rootId = form.id;
  const schemaMap = schemaParser(form.schema as RJSFSchema) as Record<string, JsonSchema>;
  const entries: { exportName: string; key: string; schema: JsonSchema; kind: 'form' | 'when' }[] = [];
  Object.entries(schemaMap).forEach(([key, schema], i) => {
    const compiled = key === rootId ? schema : (anchorRefs(schema, rootId) as JsonSchema);
    entries.push({ exportName: `v${i}`, key, schema: { ...compiled, $id: key }, kind: 'form' });
  });
  if (!entries.some((e) => e.key === rootId)) {
    entries.push({ exportName: 'vRoot', key: rootId, schema: form.schema, kind: 'form' });
  }
  Object.entries(conditionsOf(form.uiSchema, form.schema)).forEach(([key, when], i) => {
    const whenId = `${rootId}--when--${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
    entries.push({
      exportName: `w${i}`,
      key,
      schema: { ...(anchorRefs(when, rootId) as JsonSchema), $id: whenId },
      kind: 'when',
    });
  });

  const ajv = extendAjv(
    new Ajv({
      ...VALIDATION_OPTIONS,
      strict: false,
      code: { source: true, esm: true, lines: false, formats: _`require("ajv-formats/dist/formats").fullFormats` },
    }),
  );
  ajv.addKeyword(RJSF_ADDITIONAL_PROPERTIES_FLAG);
  for (const e of entries) if (!ajv.getSchema(e.schema.$id as string)) ajv.addSchema(e.schema);
  const mapping = Object.fromEntries(entries.map((e) => [e.exportName, e.schema.$id as string]));
  const code = toBrowserModuleCode(standaloneCode(ajv, mapping));

  const fnMap = (kind: 'form' | 'when') =>
    `{${entries
      .filter((e) => e.kind === kind)
      .map((e) => `${JSON.stringify(e.key)}: ${e.exportName}`)
      .join(', ')}}`;
  return `${code}
export const formId = ${JSON.stringify(rootId)};
export const schema = ${JSON.stringify(form.schema)};
export const uiSchema = ${JSON.stringify(form.uiSchema)};
export const examples = ${JSON.stringify(form.examples)};
export const validateFns = ${fnMap('form')};
export const whenFns = ${fnMap('when')};
`;
}

/** The index module: the list of form ids and a lazy loader per form (each form is its own chunk). */
export function buildIndexModule(virtualPrefix: string, dir: string = DEFAULT_SCHEMAS_DIR): string {
  const ids = listFormIds(dir);
  return `export const formIds = ${JSON.stringify(ids)};
export const formLoaders = {${ids.map((id) => `${JSON.stringify(id)}: () => import(${JSON.stringify(`${virtualPrefix}${id}`)})`).join(', ')}};
`;
}
