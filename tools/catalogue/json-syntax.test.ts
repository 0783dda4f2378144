import '@/engine/testing/forms-loaded';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeScratchDir } from './checks';
import { checkJsonFiles, jsonSyntaxProblem } from './json-syntax';

describe('JSON syntax of the catalogue', () => {
  const dir = makeScratchDir('json-syntax-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the line and column of a trailing comma', () => {
    expect(jsonSyntaxProblem('{\n  "a": 1,\n}\n')).toMatchObject({ line: 3, column: 1 });
    expect(jsonSyntaxProblem('{ "a": 1 }')).toBeUndefined();
  });

  it('reports each broken file as file:line:column with a plain reason', () => {
    mkdirSync(join(dir, 'schemas'));
    writeFileSync(join(dir, 'schemas/ok.json'), '{}');
    writeFileSync(join(dir, 'schemas/broken.ui.json'), '{\n  "ui:order": ["a",],\n  "a": {}\n}\n');
    const findings = checkJsonFiles(dir, [join(dir, 'schemas')]);
    expect(findings).toHaveLength(1);
    expect(findings[0].file).toBe('schemas/broken.ui.json:2:20');
    expect(findings[0].message).toMatch(/^is not valid JSON: /);
    expect(findings[0].message).not.toMatch(/\n\s+at /);
  });
});
