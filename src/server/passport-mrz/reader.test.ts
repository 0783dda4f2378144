import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { PassportTruth } from '../../../tools/passport-pages';
import { createMrzReader } from './reader';

const root = path.join(import.meta.dirname, '..', '..', '..');
const fixtures = path.join(root, 'tests', 'fixtures', 'passports');
const truth = JSON.parse(readFileSync(path.join(fixtures, 'truth.json'), 'utf8')) as PassportTruth[];
/** A sample of the committed photos (the bench reads them all): 1,000 and 3,000 pixels wide, tilted 4 to 5 degrees either way. */
const SAMPLE = ['passport-001.jpg', 'passport-002.jpg', 'passport-005.jpg', 'passport-023.jpg'];

describe('reading the MRZ of passport photos in a worker', { timeout: 120_000 }, () => {
  const reader = createMrzReader();
  afterAll(() => reader.close());

  it.each(SAMPLE)('reads every field of %s as the page gives it', async (file) => {
    const page = truth.find((entry) => entry.file === file)!;
    const reading = await reader.read(readFileSync(path.join(fixtures, file)));
    expect(reading).toMatchObject({ read: true, checkDigitsValid: true, ...page.expected, lines: page.lines });
  });

  it('answers unread, and why, for a photo with no MRZ and for bytes that are no picture', async () => {
    const blank = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toBuffer();
    expect(await reader.read(blank)).toMatchObject({ read: false, checkDigitsValid: false, problem: 'NOT_FOUND' });
    expect(await reader.read(Buffer.from('not a picture'))).toMatchObject({
      read: false,
      documentNumber: null,
      problem: 'UNREADABLE_IMAGE',
    });
  });
});

describe('npm run passport:read', { timeout: 120_000 }, () => {
  it('prints one JSON line per photo, with no network at all and from any folder', () => {
    const file = path.join(fixtures, SAMPLE[0]);
    const command = [
      path.join(root, 'node_modules', '.bin', 'tsx'),
      path.join(root, 'src/server/passport-mrz/read-cli.ts'),
      file,
    ];
    // Without a network of its own where the machine allows it (root on Linux), else with proxies that lead nowhere.
    const isolated = spawnSync('unshare', ['--net', 'true']).status === 0;
    const run = spawnSync(isolated ? 'unshare' : command[0], isolated ? ['--net', ...command] : command.slice(1), {
      cwd: tmpdir(),
      encoding: 'utf8',
      env: { ...process.env, HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9' },
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0]) as Record<string, unknown>;
    const page = truth.find((entry) => entry.file === SAMPLE[0])!;
    expect(Object.keys(printed)).toEqual([
      'file',
      'read',
      'documentNumber',
      'issuingCountry',
      'nationality',
      'dateOfBirth',
      'dateOfExpiry',
      'sex',
      'surname',
      'givenNames',
      'checkDigitsValid',
      'ms',
    ]);
    expect(printed).toMatchObject({ file, read: true, checkDigitsValid: true, ...page.expected });
    expect(typeof printed.ms).toBe('number');
  });
});
