import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchFsyncs } from '../testing/fsyncs';
import { placeFileOnce, syncFolder, writeNewFileDurably } from './durable-files';

describe('durable files', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await realpath(await mkdtemp(path.join(tmpdir(), 'eta-durable-')));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(folder, { recursive: true, force: true });
  });

  it('writes a new file readable by the server only, held by the disk before it answers', async () => {
    const file = path.join(folder, 'secret.draft');
    // What the file holds when its fsync is asked for: the whole content, already written.
    const synced = await watchFsyncs(() => readFileSync(file, 'utf8'));
    await writeNewFileDurably(file, 'the secret\n');
    expect(synced).toEqual([{ path: file, seen: 'the secret\n' }]);
    expect(await readFile(file, 'utf8')).toBe('the secret\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a name that exists, leaving its content as it was', async () => {
    const file = path.join(folder, 'taken');
    await writeNewFileDurably(file, 'first');
    await expect(writeNewFileDurably(file, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(file, 'utf8')).toBe('first');
  });

  it('holds a folder itself', async () => {
    const synced = await watchFsyncs();
    await syncFolder(folder);
    expect(synced.map((s) => s.path)).toEqual([folder]);
  });

  it('places a file once: its data held before it has the name, the folder after, and a second placing refused', async () => {
    const file = path.join(folder, 'seal-signer.pem');
    const synced = await watchFsyncs(() => existsSync(file));
    expect(await placeFileOnce(file, 'first pair')).toBe(true);
    expect(synced.map((s) => s.seen)).toEqual([false, true]);
    expect(synced[0].path).toMatch(new RegExp(`^${file.replace(/[.]/g, '\\.')}\\.${process.pid}\\.[0-9a-f]{8}$`));
    expect(synced[1].path).toBe(folder);

    expect(await placeFileOnce(file, 'second pair')).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('first pair');
    // No draft left behind, whichever way it went.
    expect(await readdir(folder)).toEqual(['seal-signer.pem']);
  });
});
