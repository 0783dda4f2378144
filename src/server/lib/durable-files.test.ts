import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncFolder, writeNewFileDurably } from './durable-files';

/** The prototype of node's FileHandle, whose `sync` is the fsync the helpers must make. */
async function fileHandlePrototype(folder: string): Promise<{ sync: () => Promise<void> }> {
  const handle = await open(folder, 'r');
  await handle.close();
  return Object.getPrototypeOf(handle) as { sync: () => Promise<void> };
}

describe('durable files', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'eta-durable-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(folder, { recursive: true, force: true });
  });

  it('writes a new file readable by the server only, held by the disk before it answers', async () => {
    const file = path.join(folder, 'secret.draft');
    const synced: string[] = [];
    const prototype = await fileHandlePrototype(folder);
    const sync = prototype.sync;
    vi.spyOn(prototype, 'sync').mockImplementation(async function (this: { sync: () => Promise<void> }) {
      // What is on disk when the fsync is asked for: the whole content, already written.
      synced.push(await readFile(file, 'utf8'));
      return sync.call(this);
    });
    await writeNewFileDurably(file, 'the secret\n');
    expect(synced).toEqual(['the secret\n']);
    expect(await readFile(file, 'utf8')).toBe('the secret\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a name that exists, leaving its content as it was', async () => {
    const file = path.join(folder, 'taken');
    await writeNewFileDurably(file, 'first');
    await expect(writeNewFileDurably(file, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(file, 'utf8')).toBe('first');
  });

  it('holds a folder after a name was moved into it', async () => {
    const prototype = await fileHandlePrototype(folder);
    const sync = vi.spyOn(prototype, 'sync');
    await writeNewFileDurably(path.join(folder, 'a.tmp'), 'x');
    await rename(path.join(folder, 'a.tmp'), path.join(folder, 'a'));
    sync.mockClear();
    await syncFolder(folder);
    expect(sync).toHaveBeenCalledTimes(1);
    expect(existsSync(path.join(folder, 'a'))).toBe(true);
  });
});
