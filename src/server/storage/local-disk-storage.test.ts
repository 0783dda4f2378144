import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage';
import { assertObjectKey, newObjectKey } from './object-storage';
import { createStorage } from './storage';

describe('object keys', () => {
  it('are generated, unguessable and never derived from a name', () => {
    const a = newObjectKey('photos');
    const b = newObjectKey('photos');
    expect(a).toMatch(/^photos\/[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it('refuse anything that could leave the store', () => {
    for (const key of ['../etc/passwd', 'photos/../../x', '/abs/path', `photos/${'a'.repeat(64)}/x`, 'Photos/ab', `photos\\${'a'.repeat(64)}`]) {
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

  it('lives under the data folder by default', () => {
    const made = createStorage({ dataDir: '/var/lib/eta' });
    expect(made).toBeInstanceOf(LocalDiskStorage);
    expect((made as LocalDiskStorage).root).toBe(path.join('/var/lib/eta', 'objects'));
  });
});
