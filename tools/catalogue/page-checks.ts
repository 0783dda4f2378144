import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fieldConditions } from '../../src/shared/forms/flow';
import { createRefResolver, derefSchema, type JsonSchema } from '../../src/shared/validation/schema-walk';
import { createValidationAjv } from '../../src/server/validation/ajv-factory';
import { listFormIds } from '../../src/server/validation/precompile';
import { loadSchemaFiles, type SchemaFile } from '../../src/server/validation/schema-files';
import { isObject, readJson, type Examples } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';

/**
 * Pages of multi-page forms: every field is on a page, every page field exists, each `when` compiles and is
 * met by at least one valid example (otherwise nobody could ever reach that page).
 */
export function checkPages(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const resolve = createRefResolver(byId);
  for (const id of listFormIds(dirs.schemas)) {
    const uiPath = join(dirs.schemas, `${id}.ui.json`);
    if (!existsSync(uiPath)) continue;
    const ui = readJson(uiPath) as Record<string, unknown>;
    const file = `schemas/${id}.ui.json`;
    findings.push(...checkFieldConditions(id, file, ui, files));
    const pages = ui['ui:pages'];
    if (!Array.isArray(pages)) continue;
    const root = derefSchema(byId[id], id, resolve).schema;
    const props = Object.keys(isObject(root.properties) ? root.properties : {});
    const onPages = new Set<string>();
    const examplesFile = join(dirs.schemas, `${id}.examples.json`);
    const valid = existsSync(examplesFile) ? ((readJson(examplesFile) as Examples).valid ?? []) : [];
    const ajv = createValidationAjv();
    for (const f of files) ajv.addSchema(f.schema, f.id);
    for (const page of pages as Record<string, unknown>[]) {
      const pid = String(page.id ?? '');
      if (!pid) findings.push({ file, message: 'a page in "ui:pages" has no "id": give each page a unique id' });
      const fields = Array.isArray(page.fields) ? (page.fields as string[]) : [];
      if (fields.length === 0) findings.push({ file, message: `page "${pid}" lists no fields: add "fields": [...]` });
      for (const fld of fields) {
        if (!props.includes(fld))
          findings.push({
            file,
            message: `page "${pid}" lists "${fld}", which is not a property of schemas/${id}.schema.json: correct the name`,
          });
        onPages.add(fld);
      }
      if (page.when !== undefined) {
        try {
          const when = ajv.compile({ ...(page.when as JsonSchema), $id: `${id}--when--${pid}` });
          if (valid.length > 0 && !valid.some((v) => when(structuredClone(v)))) {
            findings.push({
              file,
              message: `page "${pid}" can never be reached: no valid example meets its "when"; add an example that does, or correct the condition`,
            });
          }
        } catch (e) {
          findings.push({ file, message: `page "${pid}" has a "when" that does not compile: ${(e as Error).message}` });
        }
      }
    }
    for (const p of props)
      if (!onPages.has(p))
        findings.push({ file, message: `field "${p}" is on no page: add it to one page's "fields"` });
  }
  return findings;
}

/** Each field's own condition (`"ui:when"`) compiles and names a property of the form. */
function checkFieldConditions(id: string, file: string, ui: Record<string, unknown>, files: SchemaFile[]): Finding[] {
  const findings: Finding[] = [];
  const conditions = fieldConditions(ui);
  if (Object.keys(conditions).length === 0) return findings;
  const ajv = createValidationAjv();
  for (const f of files) ajv.addSchema(f.schema, f.id);
  for (const [field, when] of Object.entries(conditions)) {
    try {
      ajv.compile({ ...when, $id: `${id}--field-when--${field}` });
    } catch (e) {
      findings.push({
        file,
        message: `field "${field}" has a "ui:when" that does not compile: ${(e as Error).message}`,
      });
    }
  }
  return findings;
}
