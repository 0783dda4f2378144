import type { Kysely } from 'kysely';
import type { PhotoType } from '../../shared/contract';
import type { Database } from '../db/schema';
import type { ObjectStorage } from '../storage/object-storage';
import { captureRepository } from './repository';
import {
  deleteObjects,
  removeOrphanedObjects,
  type ObjectLog,
  type OrphanedObjects,
  type OrphanSweepOptions,
  type OrphanSweepResult,
} from '../storage/orphans';

/**
 * The files behind applicant_photos rows. Biometric data must not outlive its applicant: whoever removes photo
 * rows collects their keys inside the same transaction and deletes the objects once it has committed, and
 * removeOrphanedPhotos catches what a crash or a failed deletion left behind.
 */

/** The storage folder of accepted photos (keys "photos/…"). */
export const PHOTOS_FOLDER = 'photos';

export { ORPHAN_MIN_AGE_MS, type OrphanSweepOptions, type OrphanSweepResult } from '../storage/orphans';

/** Where photo housekeeping reports (a request's or the app's logger). */
export type PhotoLog = ObjectLog;

/** Storage keys of the photos of one application's applicants (read in the transaction that removes them). */
export function photoKeysOfApplication(executor: Kysely<Database>, applicationId: string): Promise<string[]> {
  return captureRepository(executor).photoKeysOfApplication(applicationId);
}

/** Storage keys of one applicant's photos (read in the transaction that removes them). */
export function photoKeysOfApplicant(executor: Kysely<Database>, applicantId: string): Promise<string[]> {
  return captureRepository(executor).photoKeysOfApplicant(applicantId);
}

/** Whether the applicant has an accepted photo of that type. */
export function hasPhoto(executor: Kysely<Database>, applicantId: string, photoType: PhotoType): Promise<boolean> {
  return captureRepository(executor).hasPhoto(applicantId, photoType);
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
  const photos = captureRepository(executor);
  const key = await photos.photoKey(applicantId, photoType);
  if (key === undefined) return undefined;
  await photos.deletePhoto(applicantId, photoType);
  return key;
}

/**
 * Deletes photo objects whose rows are already gone. Never throws: the user's change is committed, so a file
 * that cannot be deleted is logged with its key and left to removeOrphanedPhotos. Answers how many failed.
 */
export function deletePhotoObjects(storage: ObjectStorage, keys: readonly string[], log: PhotoLog): Promise<number> {
  return deleteObjects(storage, keys, log, 'photo');
}

/** Accepted photos, as the sweep of unreferenced files sees them. */
const photoObjects = (db: Kysely<Database>): OrphanedObjects => ({
  folder: PHOTOS_FOLDER,
  noun: 'photo',
  referenced: (keys) => captureRepository(db).photoKeysAmong(keys),
});

/**
 * Deletes photo objects that no applicant_photos row references and that were stored at least `minAgeMs`
 * ago; younger ones are left alone, since an upload stores its photo before its row is committed. Meant for a
 * periodic housekeeping job; safe to run on several instances at once.
 */
export function removeOrphanedPhotos(
  db: Kysely<Database>,
  storage: ObjectStorage,
  log: PhotoLog,
  options: OrphanSweepOptions = {},
): Promise<OrphanSweepResult> {
  return removeOrphanedObjects(storage, log, photoObjects(db), options);
}
