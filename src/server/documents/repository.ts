import type { Kysely } from 'kysely';
import { storedAnswers } from '../applications/public';
import type { Database } from '../db/schema';
import type { ApplicantDocumentsTable } from './tables';

/**
 * The queries of supporting documents; every caller has already checked that the application is the caller's. Made
 * once per app (src/server/areas.ts); those that run inside a transaction too take it last.
 */
export function documentsRepository(db: Kysely<Database>) {
  return {
    /** One applicant's files, oldest first. */
    ofApplicant: (applicantId: string, executor: Kysely<Database> = db) =>
      executor
        .selectFrom('applicant_documents')
        .selectAll()
        .where('applicant_id', '=', applicantId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** Files of the application's other applicants, oldest first. */
    ofOtherApplicants: (applicationId: string, applicantId: string) =>
      db
        .selectFrom('applicant_documents')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('applicant_id', '<>', applicantId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** A file of the application, if `id` names one. */
    inApplication: (applicationId: string, id: string, executor: Kysely<Database> = db) =>
      executor
        .selectFrom('applicant_documents')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('id', '=', id)
        .executeTakeFirst(),

    insert: (row: ApplicantDocumentsTable, executor: Kysely<Database> = db) =>
      executor.insertInto('applicant_documents').values(row).execute(),

    /** Points a row at a new file (a replacement), keeping its identifier and type. */
    replaceFile: (
      id: string,
      file: Pick<
        ApplicantDocumentsTable,
        'file_name' | 'content_type' | 'byte_size' | 'sha256' | 'storage_key' | 'uploaded_at'
      >,
      executor: Kysely<Database> = db,
    ) => executor.updateTable('applicant_documents').set(file).where('id', '=', id).execute(),

    remove: (id: string, executor: Kysely<Database> = db) =>
      executor.deleteFrom('applicant_documents').where('id', '=', id).execute(),

    /** The storage keys the files of one application are kept under (one for each row, repeats included). */
    keysOfApplication: async (applicationId: string) =>
      (
        await db
          .selectFrom('applicant_documents')
          .select('storage_key')
          .where('application_id', '=', applicationId)
          .execute()
      ).map((row) => row.storage_key),

    /** The storage keys of one applicant's files that no other applicant's row names (one for each row). */
    keysOnlyOfApplicant: async (applicantId: string) =>
      (
        await db
          .selectFrom('applicant_documents as mine')
          .select('mine.storage_key')
          .where('mine.applicant_id', '=', applicantId)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('applicant_documents as other')
                  .select('other.id')
                  .whereRef('other.storage_key', '=', 'mine.storage_key')
                  .where('other.applicant_id', '<>', applicantId),
              ),
            ),
          )
          .execute()
      ).map((row) => row.storage_key),

    /** Whether any row names the storage key. */
    namesKey: async (key: string) =>
      (await db.selectFrom('applicant_documents').select('id').where('storage_key', '=', key).executeTakeFirst()) !==
      undefined,

    /** Those of `keys` that a row names (one for each row). */
    keysAmong: async (keys: string[]) =>
      (await db.selectFrom('applicant_documents').select('storage_key').where('storage_key', 'in', keys).execute()).map(
        (row) => row.storage_key,
      ),

    /** One applicant's stored answers of each of the forms ({} for a form none were saved of). */
    answersOf: <F extends string>(applicantId: string, formIds: readonly F[]) =>
      storedAnswers(db, applicantId, formIds),
  };
}

export type DocumentsRepository = ReturnType<typeof documentsRepository>;
