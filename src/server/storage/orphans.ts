import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStorage } from './object-storage';

/**
 * Files whose database rows are gone. Whoever removes rows collects their keys inside the same transaction and
 * deletes the objects once it has committed (deleteObjects); removeOrphanedObjects catches what a crash or a
 * failed deletion left behind.
 */

/** Where object housekeeping reports (a request's or the app's logger). */
export type ObjectLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** How old an unreferenced object must be before a sweep removes it: a file is stored before its row commits. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** Keys checked against the table at once (well under every database's limit of bound parameters). */
const SWEEP_BATCH = 500;

/**
 * Deletes objects whose rows are already gone. Never throws: the user's change is committed, so a file that cannot
 * be deleted is logged with its key (as "<noun> file could not be deleted") and left to the next sweep. Answers
 * how many failed.
 */
export async function deleteObjects(
  storage: ObjectStorage,
  keys: readonly string[],
  log: ObjectLog,
  noun: string,
): Promise<number> {
  let failed = 0;
  for (const key of new Set(keys)) {
    try {
      await storage.delete(key);
    } catch (error) {
      failed += 1;
      log.error({ err: error, key }, `${noun} file could not be deleted`);
    }
  }
  return failed;
}

export interface OrphanSweepOptions {
  /** The current time (default: now). */
  now?: Date;
  /** Only objects stored at least this long ago are candidates (default ORPHAN_MIN_AGE_MS). */
  minAgeMs?: number;
}

export interface OrphanSweepResult {
  /** Objects old enough to be looked at. */
  examined: number;
  /** Of those, no row referenced and they were deleted. */
  removed: number;
  /** Unreferenced, but the deletion failed (logged with the key; the next sweep tries again). */
  failed: number;
}

/** One kind of stored file, as its sweep sees it. */
export interface OrphanedObjects {
  /** The storage folder of the kind (e.g. "photos"). */
  folder: string;
  /** Names the kind in log messages (e.g. "photo"). */
  noun: string;
  /** Which of `keys` (at most a batch of them) a row still names. */
  referenced(keys: string[]): Promise<Iterable<string>>;
}

/**
 * Deletes the objects of one kind that no row references and that were stored at least `minAgeMs` ago; younger
 * ones are left alone, since an upload stores its file before its row is committed. Meant for a periodic
 * housekeeping job; safe to run on several instances at once.
 */
export async function removeOrphanedObjects(
  storage: ObjectStorage,
  log: ObjectLog,
  kind: OrphanedObjects,
  options: OrphanSweepOptions = {},
): Promise<OrphanSweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const result: OrphanSweepResult = { examined: 0, removed: 0, failed: 0 };

  const sweep = async (keys: string[]) => {
    const referenced = new Set(await kind.referenced(keys));
    const orphans = keys.filter((key) => !referenced.has(key));
    const failed = await deleteObjects(storage, orphans, log, kind.noun);
    result.removed += orphans.length - failed;
    result.failed += failed;
  };

  let batch: string[] = [];
  for await (const object of storage.list(kind.folder)) {
    if (object.storedAt.getTime() > cutoff) continue;
    result.examined += 1;
    batch.push(object.key);
    if (batch.length >= SWEEP_BATCH) {
      await sweep(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweep(batch);
  if (result.removed > 0 || result.failed > 0) log.info({ ...result }, `orphaned ${kind.noun} files removed`);
  return result;
}
