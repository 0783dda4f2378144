import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, realpath, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchFsyncs } from '../testing/fsyncs';
import { LocalDiskStorage } from './local-disk-storage';
import { assertObjectKey, newObjectKey, type StoredObject } from './object-storage';
import { createStorage } from './storage';

describe('object keys', () => {
  it('are generated, unguessable and never derived from a name', () => {
    const a = newObjectKey('photos');
    const b = newObjectKey('photos');
    expect(a).toMatch(/^photos\/[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it('refuse anything that could leave the store', () => {
    for (const key of [
      '../etc/passwd',
      'photos/../../x',
      '/abs/path',
      `photos/${'a'.repeat(64)}/x`,
      'Photos/ab',
      `photos\\${'a'.repeat(64)}`,
    ]) {
      expect(() => assertObjectKey(key), key).toThrow(/Not an object key/);
    }
  });
});

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'eta-storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  it('stores, reads back and deletes an object, readable by the server only', async () => {
    const key = newObjectKey('photos');
    await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    expect((await storage.get(key))?.toString()).toBe('jpeg bytes');
    const file = storage.fileOf(key);
    expect(file.startsWith(path.join(root, 'photos'))).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // No temporary file is left beside it.
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('answers undefined for a key that holds nothing', async () => {
    expect(await storage.get(newObjectKey('photos'))).toBeUndefined();
  });

  it('refuses keys it did not make', async () => {
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Not an object key/);
    await expect(storage.get('photos/../../etc/passwd')).rejects.toThrow(/Not an object key/);
  });

  const listed = async (folder: string) => {
    const objects: StoredObject[] = [];
    for await (const object of storage.list(folder)) objects.push(object);
    return objects.sort((a, b) => a.key.localeCompare(b.key));
  };

  it('lists the objects of one folder with the time each was stored', async () => {
    const photos = [newObjectKey('photos'), newObjectKey('photos'), newObjectKey('photos')].sort();
    for (const key of photos) await storage.put(key, Buffer.from(key), 'image/jpeg');
    const other = newObjectKey('documents');
    await storage.put(other, Buffer.from('pdf'), 'application/pdf');
    const old = new Date('2024-05-01T10:00:00Z');
    await utimes(storage.fileOf(photos[1]), old, old);

    const objects = await listed('photos');
    expect(objects.map((o) => o.key)).toEqual(photos);
    expect(objects[1].storedAt).toEqual(old);
    expect(Math.abs(objects[0].storedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await listed('documents')).map((o) => o.key)).toEqual([other]);

    await storage.delete(photos[0]);
    expect((await listed('photos')).map((o) => o.key)).toEqual(photos.slice(1));
  });

  it('lists nothing for a folder never written to, and nothing that is not an object', async () => {
    expect(await listed('photos')).toEqual([]);
    const key = newObjectKey('photos');
    await storage.put(key, Buffer.from('x'), 'image/jpeg');
    const shard = path.dirname(storage.fileOf(key));
    // A write in progress, a stray file and a misplaced name are not objects.
    await writeFile(`${storage.fileOf(key)}.0a1b2c3d4e5f.tmp`, 'half');
    await writeFile(path.join(shard, 'notes.txt'), 'x');
    await mkdir(path.join(storage.root, 'photos', 'zz'), { recursive: true });
    await writeFile(path.join(storage.root, 'photos', 'zz', 'f'.repeat(64)), 'x');
    expect((await listed('photos')).map((o) => o.key)).toEqual([key]);
    await expect(listed('../etc')).rejects.toThrow(/Not an object folder/);
  });

  it('has the disk hold an object before it takes its name, and the name once it has it', async () => {
    const key = newObjectKey('photos');
    const file = storage.fileOf(key);
    // Whether the object's name exists at each fsync: not yet for the data's, already for the folder's.
    const synced = await watchFsyncs(() => existsSync(file));
    await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(synced.map((s) => s.seen)).toEqual([false, true]);
    expect(synced[0].path).toMatch(/\.[0-9a-f]{12}\.tmp$/);
    expect(synced[1].path).toBe(await realpath(path.dirname(file)));
    expect((await storage.get(key))?.toString()).toBe('jpeg bytes');
  });

  it('leaves no temporary file behind when a write fails', async () => {
    const key = newObjectKey('photos');
    // A folder where the object should go makes the final rename fail after the data was written.
    await mkdir(path.join(storage.fileOf(key), 'in-the-way'), { recursive: true });
    await expect(storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg')).rejects.toThrow();
    expect(await readdir(path.dirname(storage.fileOf(key)))).toEqual([path.basename(storage.fileOf(key))]);
  });

  it('stores again in a folder removed since its last write', async () => {
    const first = newObjectKey('photos');
    await storage.put(first, Buffer.from('one'), 'image/jpeg');
    await rm(path.join(root, 'photos'), { recursive: true, force: true });
    const second = `photos/${path.basename(storage.fileOf(first)).slice(0, 2)}${newObjectKey('photos').slice(9)}`;
    await storage.put(second, Buffer.from('two'), 'image/jpeg');
    expect((await storage.get(second))?.toString()).toBe('two');
    expect(await storage.get(first)).toBeUndefined();
  });

  it('lives under the data folder by default', () => {
    const made = createStorage({ dataDir: '/var/lib/eta' });
    expect(made).toBeInstanceOf(LocalDiskStorage);
    expect((made as LocalDiskStorage).root).toBe(path.join('/var/lib/eta', 'objects'));
  });
});
