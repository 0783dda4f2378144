import type { Kysely } from 'kysely';
import { storedAnswers } from '../applications/public';
import type { Database } from '../db/schema';
import type { ApplicantDocumentsTable } from './tables';

/** The queries of supporting documents; every caller has already checked that the application is the caller's. */
export function documentsRepository(db: Kysely<Database>) {
  return {
    /** One applicant's files, oldest first. */
    ofApplicant: (applicantId: string) =>
      db
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
    inApplication: (applicationId: string, id: string) =>
      db
        .selectFrom('applicant_documents')
        .selectAll()
        .where('application_id', '=', applicationId)
        .where('id', '=', id)
        .executeTakeFirst(),

    insert: (row: ApplicantDocumentsTable) => db.insertInto('applicant_documents').values(row).execute(),

    /** Points a row at a new file (a replacement), keeping its identifier and type. */
    replaceFile: (
      id: string,
      file: Pick<
        ApplicantDocumentsTable,
        'file_name' | 'content_type' | 'byte_size' | 'sha256' | 'storage_key' | 'uploaded_at'
      >,
    ) => db.updateTable('applicant_documents').set(file).where('id', '=', id).execute(),

    remove: (id: string) => db.deleteFrom('applicant_documents').where('id', '=', id).execute(),

    /** One applicant's stored answers of one form ({} when none were saved). */
    answersOf: (applicantId: string, formId: string) => storedAnswers(db, applicantId, formId),
  };
}
