import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalDiskStorage } from '../local-disk-storage';
import { newObjectKey } from '../object-storage';

/**
 * A file of the local disk store in `folder` that no row names, last changed at `at` (what an upload whose row was
 * never committed leaves behind), and its key. It is written straight to where the store keeps the key's file, not
 * through `put`: `put` syncs each file and its folder to the disk, and on a slow disk a batch of a thousand files
 * would take longer than a test may.
 */
export async function strayFile(storage: LocalDiskStorage, folder: string, at: Date): Promise<string> {
  const key = newObjectKey(folder);
  const file = storage.fileOf(key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'jpeg bytes');
  await utimes(file, at, at);
  return key;
}
