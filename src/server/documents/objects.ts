import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ObjectStorage } from '../storage/object-storage';
import {
  deleteObjects,
  removeOrphanedObjects,
  type ObjectLog,
  type OrphanSweepOptions,
  type OrphanSweepResult,
} from '../storage/orphans';
import { documentsRepository } from './repository';
import './tables';

/**
 * The files behind applicant_documents rows, which must not outlive their applicant. Whoever removes rows
 * collects the keys no other row names inside the same transaction and deletes the objects once it has
 * committed; removeOrphanedDocuments catches what a crash or a failed deletion left behind.
 */

/** The storage folder of supporting documents (keys "documents/…"). */
export const DOCUMENTS_FOLDER = 'documents';

/** Storage keys of the documents of one application (read in the transaction that removes it). */
export async function documentKeysOfApplication(executor: Kysely<Database>, applicationId: string): Promise<string[]> {
  return [...new Set(await documentsRepository(executor).keysOfApplication(applicationId))];
}

/**
 * Storage keys of one applicant's documents that no other applicant's row names (read in the transaction that
 * removes the applicant): a file given again for someone else stays theirs.
 */
export async function documentKeysOfApplicant(executor: Kysely<Database>, applicantId: string): Promise<string[]> {
  return [...new Set(await documentsRepository(executor).keysOnlyOfApplicant(applicantId))];
}

/** Whether any row still names `key` (after a row was removed or pointed elsewhere). */
export function isReferenced(executor: Kysely<Database>, key: string): Promise<boolean> {
  return documentsRepository(executor).namesKey(key);
}

/**
 * Deletes document objects whose rows are gone. Never throws: the user's change is committed, so a file that
 * cannot be deleted is logged with its key and left to removeOrphanedDocuments. Answers how many failed.
 */
export function deleteDocumentObjects(
  storage: ObjectStorage,
  keys: readonly string[],
  log: ObjectLog,
): Promise<number> {
  return deleteObjects(storage, keys, log, 'document');
}

/**
 * Deletes document objects that no row names and that were stored at least `minAgeMs` ago (younger ones may
 * belong to an upload whose row is not committed yet). Safe on several instances at once.
 */
export function removeOrphanedDocuments(
  db: Kysely<Database>,
  storage: ObjectStorage,
  log: ObjectLog,
  options: OrphanSweepOptions = {},
): Promise<OrphanSweepResult> {
  return removeOrphanedObjects(
    storage,
    log,
    {
      folder: DOCUMENTS_FOLDER,
      noun: 'document',
      referenced: (keys) => documentsRepository(db).keysAmong(keys),
    },
    options,
  );
}
