import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDecisionRules } from './rules';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('npm run officer', () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs on the configured database: lists the configured reasons, says when nobody waits, explains its usage', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'eta-officer-'));
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'development' };
    const officer = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/decisions/officer-cli.ts', ...args], { cwd: ROOT, env });

    const reasons = await officer('reasons');
    expect(reasons.stdout.trim().split('\n')).toEqual(loadDecisionRules(DEFAULT_SCHEMAS_DIR).refusalReasons);
    expect((await officer('list')).stdout).toContain('No applicant is waiting for a case officer.');
    await expect(officer('approve')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run officer'),
    });
    await expect(officer('show', '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 1 });
  }, 120_000);
});
