import { existsSync } from 'node:fs';
import '../../src/shared/rules/all-rules';
import { runRules } from '../../src/shared/rules/run-rules';
import { toFieldProblems, type RawValidationError } from '../../src/shared/validation/field-errors';
import { createRefResolver } from '../../src/shared/validation/schema-walk';
import { createValidationAjv } from '../../src/server/validation/ajv-factory';
import { buildFormModule, listFormIds } from '../../src/server/validation/precompile';
import { loadSchemaFiles } from '../../src/server/validation/schema-files';
import { examplesPath, readJson, type Examples } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';
import { didYouMean } from './suggest';

// The checks of the schemas themselves: each compiles, and its examples give what they promise.

/** Every schema file compiles in ajv strict mode, is draft-07 and has the `$id` its file name promises. */
export function checkCompile(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  const ajv = createValidationAjv();
  for (const f of files) {
    const expectedId = f.file.replace(/\.schema\.json$/, '');
    const file = `schemas/${f.file}`;
    if (f.schema.$schema !== 'http://json-schema.org/draft-07/schema#') {
      findings.push({
        file,
        message: 'is not marked as JSON Schema draft-07: set "$schema": "http://json-schema.org/draft-07/schema#"',
      });
    }
    if (f.id !== expectedId) {
      findings.push({
        file,
        message: `has "$id": "${f.id}" but its file name says "${expectedId}": set "$id" to "${expectedId}"`,
      });
    }
    try {
      ajv.addSchema(f.schema, f.id);
    } catch (e) {
      findings.push({ file, message: `cannot be added: ${(e as Error).message}` });
    }
  }
  for (const f of files) {
    try {
      ajv.getSchema(f.id);
    } catch (e) {
      const message = (e as Error).message;
      const unknown = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
      const meant = unknown ? didYouMean(unknown, Object.keys(ajv.RULES.all)) : '';
      const at = unknown ? whereKeyword(f.schema, unknown) : undefined;
      findings.push({
        file: `schemas/${f.file}`,
        message: `does not compile in strict mode: ${message}${at ? ` at ${at}` : ''}${meant}. Fix the keyword named in that message (typo, or a keyword draft-07 does not have)`,
      });
    }
  }
  for (const id of listFormIds(dirs.schemas)) {
    try {
      buildFormModule(id, dirs.schemas);
    } catch (e) {
      findings.push({
        file: `schemas/${id}.schema.json`,
        message: `cannot be precompiled for the browser: ${(e as Error).message}`,
      });
    }
  }
  return findings;
}

/** Where in a schema a keyword stands first, as dotted keys (`properties.email`), or undefined. */
function whereKeyword(node: unknown, keyword: string, path: string[] = []): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if (!Array.isArray(node) && keyword in node) return path.join('.') || '(the schema itself)';
  for (const [key, inner] of Object.entries(node)) {
    const found = whereKeyword(inner, keyword, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Problems of some data for one schema id: ajv with messages moved to fields, then the shared rules. */
export function validateById(dirs: CatalogueDirs, id: string, data: unknown) {
  const files = loadSchemaFiles(dirs.schemas);
  const ajv = createValidationAjv();
  for (const f of files) ajv.addSchema(f.schema, f.id);
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`No schema ${id}`);
  const copy = structuredClone(data);
  validate(copy);
  const problems = toFieldProblems((validate.errors ?? []) as RawValidationError[]);
  const taken = new Set(problems.map((p) => p.path));
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const own = byId[id];
  const rules = runRules(own, copy, createRefResolver(byId), id).problems.filter((p) => !taken.has(p.path));
  return [...problems, ...rules];
}

/** Every form and API body has examples; valid ones pass; invalid ones give exactly the expected message keys. */
export function checkExamples(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  for (const f of loadSchemaFiles(dirs.schemas)) {
    if (f.id === 'definitions') continue;
    const path = examplesPath(dirs, f);
    const file = `schemas/${f.file.replace(/\.schema\.json$/, '.examples.json')}`;
    if (!existsSync(path)) {
      findings.push({
        file,
        message: `is missing: add it with { "valid": [ ...answers... ] } so tests and the preview page have example answers`,
      });
      continue;
    }
    const examples = readJson(path) as Examples;
    if (!Array.isArray(examples.valid) || examples.valid.length === 0) {
      findings.push({ file, message: 'has no valid example: add at least one to "valid"' });
    }
    (examples.valid ?? []).forEach((data, i) => {
      for (const p of validateById(dirs, f.id, data)) {
        findings.push({
          file,
          message: `valid example ${i + 1} fails at "${p.path || '(whole form)'}" with ${p.key}: correct the example or the schema`,
        });
      }
    });
    (examples.invalid ?? []).forEach((example, i) => {
      const problems = validateById(dirs, f.id, example.data);
      for (const [path, key] of Object.entries(example.errors)) {
        const found = problems.find((p) => p.path === path);
        if (!found)
          findings.push({
            file,
            message: `invalid example ${i + 1} expects ${key} at "${path || '(whole form)'}" but that answer passes: correct the example or the schema`,
          });
        else if (found.key !== key)
          findings.push({
            file,
            message: `invalid example ${i + 1} expects ${key} at "${path || '(whole form)'}" but gets ${found.key}`,
          });
      }
      for (const p of problems) {
        if (!(p.path in example.errors))
          findings.push({
            file,
            message: `invalid example ${i + 1} also fails at "${p.path}" with ${p.key}: list it in "errors" or fix the example`,
          });
      }
    });
  }
  return findings;
}
