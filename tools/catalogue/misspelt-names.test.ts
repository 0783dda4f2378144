// @vitest-environment node
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIRS, makeScratchDir, runAllChecks } from './checks';

const scratch = makeScratchDir('misspelt-names-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Json = Record<string, unknown>;

/** A copy of the configuration's schemas with `edit` applied to one file. */
function copyWith(file: string, edit: (json: Json) => void) {
  const schemas = join(scratch, String(Math.random()).slice(2), 'schemas');
  cpSync(DEFAULT_DIRS.schemas, schemas, { recursive: true });
  const json = JSON.parse(readFileSync(join(schemas, file), 'utf8')) as Json;
  edit(json);
  writeFileSync(join(schemas, file), JSON.stringify(json, null, 2));
  return { ...DEFAULT_DIRS, schemas, manifest: join(schemas, 'routes.manifest.json') };
}

describe('a misspelt name', () => {
  it('of a step’s form is named, with the form meant, and not copied into its route', () => {
    let misspelt = '';
    let meant = '';
    const dirs = copyWith('routes.manifest.json', (manifest) => {
      const step = (manifest.steps as Json[]).find((s) => typeof s.form === 'string')!;
      meant = String(step.form);
      misspelt = `${meant.slice(0, -2)}${meant.at(-1)}`;
      step.form = misspelt;
    });
    const findings = runAllChecks(dirs).filter((finding) => finding.message.includes(misspelt));
    expect(findings).toHaveLength(1);
    expect(findings[0].message).toContain(`which does not exist (did you mean "${meant}"?)`);
  });

  it('of a text’s namespace is named once, with the namespace meant, not once per language', () => {
    let key = '';
    const dirs = copyWith('login.ui.json', (ui) => {
      const field = Object.values(ui).find((entry): entry is Json => typeof (entry as Json)['ui:title'] === 'string')!;
      key = String(field['ui:title']).replace(/^(\w+)s:/, '$1:');
      field['ui:title'] = key;
    });
    const findings = runAllChecks(dirs).filter((finding) => finding.message.includes(key));
    expect(findings).toHaveLength(1);
    expect(findings[0].message).toMatch(
      /whose namespace "\w+" is none of the texts' files .* \(did you mean "\w+s"\?\)/,
    );
  });
});
