import { readlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { vi } from 'vitest';

interface Syncable {
  fd: number;
  sync(): Promise<void>;
}

/**
 * Watches every fsync made through node's file handles until the test's mocks are restored (vi.restoreAllMocks):
 * each is recorded with the path of the file or folder synced (read from /proc/self/fd, so Linux only) and what
 * `probe` answered at that moment, e.g. whether a name exists yet.
 */
export async function watchFsyncs<T = undefined>(probe?: () => T): Promise<{ path: string; seen: T }[]> {
  const handle = await open(tmpdir(), 'r');
  await handle.close();
  const prototype = Object.getPrototypeOf(handle) as Syncable;
  const sync = prototype.sync;
  const synced: { path: string; seen: T }[] = [];
  vi.spyOn(prototype, 'sync').mockImplementation(function (this: Syncable) {
    synced.push({ path: readlinkSync(`/proc/self/fd/${this.fd}`), seen: probe?.() as T });
    return sync.call(this);
  });
  return synced;
}
