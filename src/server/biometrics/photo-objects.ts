import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PhotoType } from '../../shared/contract';
import type { Database } from '../db/schema';
import type { ObjectStorage } from '../storage/object-storage';

/**
 * The files behind applicant_photos rows. Biometric data must not outlive its applicant: whoever removes photo
 * rows collects their keys inside the same transaction and deletes the objects once it has committed, and
 * removeOrphanedPhotos catches what a crash or a failed deletion left behind.
 */

/** The storage folder of accepted photos (keys "photos/…"). */
export const PHOTOS_FOLDER = 'photos';

/** How old an unreferenced photo must be before the sweep removes it: a photo is stored before its row commits. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** Keys checked against the table at once (well under every database's limit of bound parameters). */
const SWEEP_BATCH = 500;

/** Where photo housekeeping reports (a request's or the app's logger). */
export type PhotoLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** Storage keys of the photos of one application's applicants (read in the transaction that removes them). */
export async function photoKeysOfApplication(executor: Kysely<Database>, applicationId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('applicant_photos')
    .innerJoin('applicants', 'applicants.id', 'applicant_photos.applicant_id')
    .select('applicant_photos.storage_key')
    .where('applicants.application_id', '=', applicationId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** Storage keys of one applicant's photos (read in the transaction that removes them). */
export async function photoKeysOfApplicant(executor: Kysely<Database>, applicantId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('applicant_photos')
    .select('storage_key')
    .where('applicant_id', '=', applicantId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** Whether the applicant has an accepted photo of that type. */
export async function hasPhoto(
  executor: Kysely<Database>,
  applicantId: string,
  photoType: PhotoType,
): Promise<boolean> {
  const row = await executor
    .selectFrom('applicant_photos')
    .select('photo_type')
    .where('applicant_id', '=', applicantId)
    .where('photo_type', '=', photoType)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Removes the applicant's accepted photo of that type, answering its storage key (for deleting the file once
 * the transaction has committed), or undefined when there was none.
 */
export async function removePhoto(
  executor: Kysely<Database>,
  applicantId: string,
  photoType: PhotoType,
): Promise<string | undefined> {
  const photo = await executor
    .selectFrom('applicant_photos')
    .select('storage_key')
    .where('applicant_id', '=', applicantId)
    .where('photo_type', '=', photoType)
    .executeTakeFirst();
  if (!photo) return undefined;
  await executor
    .deleteFrom('applicant_photos')
    .where('applicant_id', '=', applicantId)
    .where('photo_type', '=', photoType)
    .execute();
  return photo.storage_key;
}

/**
 * Deletes photo objects whose rows are already gone. Never throws: the user's change is committed, so a file
 * that cannot be deleted is logged with its key and left to removeOrphanedPhotos. Answers how many failed.
 */
export async function deletePhotoObjects(
  storage: ObjectStorage,
  keys: readonly string[],
  log: PhotoLog,
): Promise<number> {
  let failed = 0;
  for (const key of new Set(keys)) {
    try {
      await storage.delete(key);
    } catch (error) {
      failed += 1;
      log.error({ err: error, key }, 'photo file could not be deleted');
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
  /** Photo objects old enough to be looked at. */
  examined: number;
  /** Of those, no row referenced and they were deleted. */
  removed: number;
  /** Unreferenced, but the deletion failed (logged with the key; the next sweep tries again). */
  failed: number;
}

/**
 * Deletes photo objects that no applicant_photos row references and that were stored at least `minAgeMs`
 * ago; younger ones are left alone, since an upload stores its photo before its row is committed. Meant for a
 * periodic housekeeping job; safe to run on several instances at once.
 */
export async function removeOrphanedPhotos(
  db: Kysely<Database>,
  storage: ObjectStorage,
  log: PhotoLog,
  options: OrphanSweepOptions = {},
): Promise<OrphanSweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const result: OrphanSweepResult = { examined: 0, removed: 0, failed: 0 };

  const sweep = async (keys: string[]) => {
    const referenced = new Set(
      (await db.selectFrom('applicant_photos').select('storage_key').where('storage_key', 'in', keys).execute()).map(
        (row) => row.storage_key,
      ),
    );
    const orphans = keys.filter((key) => !referenced.has(key));
    const failed = await deletePhotoObjects(storage, orphans, log);
    result.removed += orphans.length - failed;
    result.failed += failed;
  };

  let batch: string[] = [];
  for await (const object of storage.list(PHOTOS_FOLDER)) {
    if (object.storedAt.getTime() > cutoff) continue;
    result.examined += 1;
    batch.push(object.key);
    if (batch.length >= SWEEP_BATCH) {
      await sweep(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweep(batch);
  if (result.removed > 0 || result.failed > 0) log.info({ ...result }, 'orphaned photo files removed');
  return result;
}
