import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfigFiles, readServedFiles } from '../../src/server/configuration/files';
import { LOCALES_DIR } from '../../src/server/i18n';
import { createTestDb, TEST_SCHEMAS_DIR, type TestDb } from '../../src/server/testing/harness';
import { makeScratchDir } from '../../tools/catalogue/checks';
import { checkConfiguration } from '../../tools/config/check';
import { runConfigCommand } from '../../tools/config/commands';

/** The configuration the tests run on (an edited copy in the recipes step), as an installation starts with it. */
const served = readServedFiles(TEST_SCHEMAS_DIR, LOCALES_DIR);
/** A form's schema file of the configuration, and a French text of it, to change as an editor would. */
const formFile = Object.keys(served).find(
  (path) => path.endsWith('.schema.json') && 'properties' in (JSON.parse(served[path]) as object),
)!;
const frenchFile = Object.keys(served).find((path) => path.startsWith('locales/fr/') && !path.includes('/_meta/'))!;

function firstText(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return path;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = firstText(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

describe('npm run config', () => {
  let testDb: TestDb;
  let scratch: string;
  const lines = { out: [] as string[], err: [] as string[] };

  const run = async (...argv: string[]) => {
    lines.out = [];
    lines.err = [];
    const code = await runConfigCommand(argv, {
      db: testDb.db,
      firstFiles: () => served,
      check: checkConfiguration,
      by: 'command line (operator)',
      out: (line) => lines.out.push(line),
      err: (line) => lines.err.push(line),
    });
    return code;
  };

  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    scratch = makeScratchDir('config-command-');
  });
  afterAll(async () => {
    await testDb.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('exports version 1 as the files the installation started with, byte for byte, without the code’s schemas', async () => {
    const dir = join(scratch, 'first');
    expect(await run('export', '1', dir)).toBe(0);
    const written = readConfigFiles(dir);
    expect(Object.keys(written)).toEqual(Object.keys(served));
    for (const [path, text] of Object.entries(served)) expect(readFileSync(join(dir, path), 'utf8')).toBe(text);
    expect(existsSync(join(dir, 'schemas/api'))).toBe(false);
    expect(existsSync(join(dir, 'schemas/meta'))).toBe(false);
  });

  it('exports over a copy: a configuration file the version lacks goes, the code’s schemas stay', async () => {
    const dir = join(scratch, 'over');
    mkdirSync(join(dir, 'schemas/api'), { recursive: true });
    writeFileSync(join(dir, 'schemas/api/kept.schema.json'), '{}\n');
    mkdirSync(join(dir, 'locales/en'), { recursive: true });
    writeFileSync(join(dir, 'locales/en/removed-since.json'), '{}\n');
    expect(await run('export', 'live', dir)).toBe(0);
    expect(existsSync(join(dir, 'locales/en/removed-since.json'))).toBe(false);
    expect(existsSync(join(dir, 'schemas/api/kept.schema.json'))).toBe(true);
  });

  it('imports an edited copy as a draft, shows what changed, refuses what the checks refuse, and publishes the rest', async () => {
    const dir = join(scratch, 'edited');
    expect(await run('export', 'live', dir)).toBe(0);

    // A misspelt type: refused with the checker's words, naming the file; nothing is published.
    const form = JSON.parse(served[formFile]) as { properties: Record<string, unknown> };
    form.properties.nickname = { type: 'strng' };
    writeFileSync(join(dir, formFile), `${JSON.stringify(form, null, 2)}\n`);
    expect(await run('import', dir, '--note', 'A nickname')).toBe(0);
    const broken = lines.out[0];
    expect(broken).toMatch(/^[0-9a-f-]{36}$/);
    expect(await run('diff', 'live', broken)).toBe(0);
    expect(lines.out).toContain(`Form ${formFile.replace(/^schemas\/|\.schema\.json$/g, '')}`);
    expect(lines.out).toContain('  field nickname: added {"type":"strng"}');
    expect(await run('publish', broken)).toBe(1);
    expect(lines.err.some((line) => line.startsWith(formFile) && line.includes('strng'))).toBe(true);
    expect(lines.err.join('\n')).toContain('Not published');

    // A French text reworded: published as version 2.
    writeFileSync(join(dir, formFile), served[formFile]);
    const french = JSON.parse(served[frenchFile]) as Record<string, unknown>;
    const path = firstText(french)!;
    const owner = path
      .slice(0, -1)
      .reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, french);
    const before = String(owner[path.at(-1)!]);
    owner[path.at(-1)!] = `${before} (reworded)`;
    writeFileSync(join(dir, frenchFile), `${JSON.stringify(french, null, 2)}\n`);
    expect(await run('import', dir)).toBe(0);
    const reworded = lines.out[0];
    expect(await run('diff', '1', reworded)).toBe(0);
    const key = `${frenchFile.replace(/^locales\/fr\/|\.json$/g, '')}:${path.join('.')}`;
    const changed = `  ${key}: ${JSON.stringify(before)} → ${JSON.stringify(`${before} (reworded)`)}`;
    expect(lines.out).toEqual([`From version 1 to draft ${reworded}:`, 'Texts in fr', changed]);
    expect(await run('publish', reworded)).toBe(0);
    expect(lines.out).toEqual([`Published draft ${reworded} as version 2: it is now live.`]);
    expect(await run('publish', reworded)).toBe(1);

    // Each step is in the audit trail, with the difference.
    const audit = await testDb.db.selectFrom('staff_audit').selectAll().orderBy('id').execute();
    expect(audit.map(({ actor, action, subject }) => [actor, action, subject])).toEqual([
      ['command line (operator)', 'configuration.draft-imported', `draft ${broken}`],
      ['command line (operator)', 'configuration.draft-imported', `draft ${reworded}`],
      ['command line (operator)', 'configuration.published', 'version 2'],
    ]);
    expect(JSON.parse(audit[2].detail)).toEqual({ draft: reworded, note: '', changes: ['Texts in fr', changed] });

    expect(await run('list')).toBe(0);
    expect(lines.out[1]).toMatch(/^\s+2 {2}live .* command line \(operator\)/);
    expect(lines.out.join('\n')).toContain(broken);
  }, 60_000);

  it('goes back to an earlier version as a new one, whose files are the earlier one’s', async () => {
    expect(await run('restore', '1')).toBe(0);
    expect(lines.out).toEqual(['Published version 1 again as version 3: it is now live.']);
    const dir = join(scratch, 'restored');
    expect(await run('export', '3', dir)).toBe(0);
    expect(readConfigFiles(dir)).toEqual(served);
    expect(await run('diff', '1', '3')).toBe(0);
    expect(lines.out).toEqual(['version 1 and version 3 have the same files.']);
  });

  it('says what it did not understand', async () => {
    expect(await run('publsh', 'x')).toBe(2);
    expect(lines.err[0]).toContain('"publsh" is not a command of this tool.');
    expect(await run('publish', 'no-such-draft')).toBe(1);
    expect(lines.err[0]).toContain('There is no draft "no-such-draft"');
    expect(await run('export', '9', join(scratch, 'nine'))).toBe(1);
    expect(lines.err).toEqual(['There is no version 9.']);
    expect(await run('import', join(scratch, 'empty'))).toBe(1);
  });
});
