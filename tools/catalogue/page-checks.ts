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
import { didYouMean } from './suggest';

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
        for (const named of conditionFields(page.when)) {
          if (!props.includes(named)) {
            findings.push({
              file,
              message: `page "${pid}" has a "when" on "${named}", which is not a field of schemas/${id}.schema.json${didYouMean(named, props)}: correct the name`,
            });
          }
        }
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
    findings.push(...checkConditionOrder(file, pages as Record<string, unknown>[], fieldConditions(ui)));
  }
  return findings;
}

/**
 * The fields a condition names: the keys of its `properties` and its `required`, in its `allOf`, `anyOf`, `oneOf`,
 * `not`, `if`, `then` and `else` too.
 */
export function conditionFields(when: unknown): string[] {
  if (!isObject(when)) return [];
  const named = new Set<string>([
    ...(isObject(when.properties) ? Object.keys(when.properties) : []),
    ...(Array.isArray(when.required) ? when.required.map(String) : []),
  ]);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(when[key]))
      for (const part of when[key] as unknown[]) conditionFields(part).forEach((f) => named.add(f));
  }
  for (const key of ['not', 'if', 'then', 'else']) conditionFields(when[key]).forEach((f) => named.add(f));
  return [...named];
}

/**
 * A condition is decided by answers given before it is asked: a page's `when` names fields of earlier pages, a
 * field's `ui:when` fields of its own page or earlier ones. Otherwise the page or field is decided by an answer the
 * applicant has not been asked yet.
 */
function checkConditionOrder(
  file: string,
  pages: Record<string, unknown>[],
  fieldWhen: Record<string, JsonSchema>,
): Finding[] {
  const findings: Finding[] = [];
  const pageOf = new Map<string, number>();
  pages.forEach((page, i) => {
    for (const field of Array.isArray(page.fields) ? (page.fields as string[]) : []) pageOf.set(field, i);
  });
  const pageName = (i: number) => `"${String(pages[i]?.id ?? i + 1)}"`;
  pages.forEach((page, i) => {
    for (const field of conditionFields(page.when)) {
      const asked = pageOf.get(field);
      if (asked !== undefined && asked >= i) {
        findings.push({
          file,
          message:
            asked === i
              ? `page ${pageName(i)} is shown when "${field}" has an answer that is asked on that same page: base its "when" on an earlier page's field, or move "${field}" to an earlier page`
              : `page ${pageName(i)} is shown when "${field}" has an answer, but "${field}" is asked later, on page ${pageName(asked)}: move the page after ${pageName(asked)}, or "${field}" before it`,
        });
      }
    }
  });
  for (const [field, when] of Object.entries(fieldWhen)) {
    const at = pageOf.get(field);
    if (at === undefined) continue;
    for (const named of conditionFields(when)) {
      const asked = pageOf.get(named);
      if (asked !== undefined && asked > at) {
        findings.push({
          file,
          message: `field "${field}" (page ${pageName(at)}) is asked when "${named}" has an answer, but "${named}" is asked later, on page ${pageName(asked)}: move one of them so that "${named}" comes first`,
        });
      }
    }
  }
  return findings;
}

/** Each field's own condition (`"ui:when"`) is on a field of the form, names fields of the form, and compiles. */
function checkFieldConditions(id: string, file: string, ui: Record<string, unknown>, files: SchemaFile[]): Finding[] {
  const findings: Finding[] = [];
  const conditions = fieldConditions(ui);
  if (Object.keys(conditions).length === 0) return findings;
  const ajv = createValidationAjv();
  for (const f of files) ajv.addSchema(f.schema, f.id);
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const root = byId[id] ? derefSchema(byId[id], id, createRefResolver(byId)).schema : {};
  const props = Object.keys(isObject(root.properties) ? root.properties : {});
  for (const [field, when] of Object.entries(conditions)) {
    if (!props.includes(field)) {
      findings.push({
        file,
        message: `"${field}" has a "ui:when" but is not a field of schemas/${id}.schema.json${didYouMean(field, props)}: correct the name`,
      });
    }
    for (const named of conditionFields(when)) {
      if (!props.includes(named)) {
        findings.push({
          file,
          message: `field "${field}" has a "ui:when" on "${named}", which is not a field of schemas/${id}.schema.json${didYouMean(named, props)}: correct the name`,
        });
      }
    }
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
