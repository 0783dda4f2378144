import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

/** Supporting documents: one row per file given for an applicant; the bytes live in object storage. */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'applicant_documents', [
    col.key('id'),
    col.belongsTo('application_id', 'applications.id'),
    col.belongsTo('applicant_id', 'applicants.id'),
    col.required('text', 'document_type', 'file_name', 'content_type'),
    col.required('integer', 'byte_size'),
    col.required('text', 'sha256', 'storage_key', 'created_at', 'uploaded_at'),
  ]);
  await createIndex(db, 'applicant_documents_applicant_idx', 'applicant_documents', ['applicant_id', 'created_at']);
  await createIndex(db, 'applicant_documents_application_idx', 'applicant_documents', ['application_id']);
  await createIndex(db, 'applicant_documents_storage_key_idx', 'applicant_documents', ['storage_key']);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['applicant_documents']);
}
