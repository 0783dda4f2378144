// @vitest-environment node
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namedStep, stepsOf } from '../../src/shared/forms/journey';
import { DEFAULT_DIRS, makeScratchDir } from './checks';
import { checkReliedFields } from './relied-field-checks';

const scratch = makeScratchDir('relied-fields-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Schema = { properties: Record<string, unknown>; required?: string[] };

/** A copy of the configuration's schemas with `edit` applied to the named forms' schema files. */
function editedCopy(edits: Record<string, (schema: Schema) => void>) {
  const schemas = join(scratch, String(Math.random()).slice(2));
  cpSync(DEFAULT_DIRS.schemas, schemas, { recursive: true });
  for (const [form, edit] of Object.entries(edits)) {
    const path = join(schemas, `${form}.schema.json`);
    const schema = JSON.parse(readFileSync(path, 'utf8')) as Schema;
    edit(schema);
    writeFileSync(path, JSON.stringify(schema, null, 2));
  }
  return { ...DEFAULT_DIRS, schemas, manifest: join(schemas, 'routes.manifest.json') };
}

const applicationForm = namedStep(
  stepsOf(JSON.parse(readFileSync(DEFAULT_DIRS.manifest, 'utf8'))),
  'APPLICATION_FORM',
).form;

describe('the fields the code reads', () => {
  it('are all in the repository’s forms, as the code needs them', () => {
    expect(checkReliedFields(DEFAULT_DIRS)).toEqual([]);
  });

  it('refuse a version that removes one, retypes one or makes a required one optional', () => {
    const dirs = editedCopy({
      [applicationForm]: (schema) => {
        delete schema.properties.passportExpiryDate;
      },
      login: (schema) => {
        schema.properties.email = { type: 'integer' };
        schema.required = (schema.required ?? []).filter((field) => field !== 'password');
      },
    });
    const keep = (what: string) =>
      `the portal's code reads it (src/shared/forms/relied-fields.ts), so it stays ${what}; changing it is a change of code`;
    expect(checkReliedFields(dirs)).toEqual([
      {
        file: `schemas/${applicationForm}.schema.json`,
        message: `field "passportExpiryDate" is missing: ${keep('a required date ("type": "string", "format": "date")')}`,
      },
      { file: 'schemas/login.schema.json', message: `field "email" is "integer": ${keep('a required "string"')}` },
      {
        file: 'schemas/login.schema.json',
        message: `field "password" is not in "required": ${keep('a required "string"')}`,
      },
    ]);
  });
});
