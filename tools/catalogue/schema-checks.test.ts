// @vitest-environment node
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIRS, makeScratchDir, runAllChecks } from './checks';

const scratch = makeScratchDir('schema-checks-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the configuration whose login form's e-mail field has `extra` written into it. */
function loginWith(extra: Record<string, unknown>) {
  const schemas = join(scratch, String(Math.random()).slice(2), 'schemas');
  cpSync(DEFAULT_DIRS.schemas, schemas, { recursive: true });
  const path = join(schemas, 'login.schema.json');
  const schema = JSON.parse(readFileSync(path, 'utf8')) as { properties: Record<string, Record<string, unknown>> };
  Object.assign(schema.properties.email, extra);
  writeFileSync(path, JSON.stringify(schema, null, 2));
  return { ...DEFAULT_DIRS, schemas, manifest: join(schemas, 'routes.manifest.json') };
}

describe('the schemas check', () => {
  it('names a misspelt keyword with its file, where it stands and the keyword meant, and stops there', () => {
    expect(runAllChecks(loginWith({ maxLenght: 5 }))).toEqual([
      {
        file: 'schemas/login.schema.json',
        message:
          'does not compile in strict mode: strict mode: unknown keyword: "maxLenght" at properties.email (did you mean "maxLength"?). Fix the keyword named in that message (typo, or a keyword draft-07 does not have)',
      },
    ]);
  });

  it('names a misspelt type with its file instead of stopping the whole check', () => {
    const findings = runAllChecks(loginWith({ type: 'strng' }));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((finding) => finding.file === 'schemas/login.schema.json')).toBe(true);
    expect(findings[0].message).toContain('data/properties/email/type must be equal to one of the allowed values');
  });
});
