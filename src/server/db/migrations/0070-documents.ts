import type { MigrationDb } from '../migration-db';

/** Supporting documents: one row per file given for an applicant; the bytes live in object storage. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('applicant_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('applicant_id', 'text', (col) => col.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('document_type', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('applicant_documents_applicant_idx')
    .on('applicant_documents')
    .columns(['applicant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('applicant_documents_application_idx')
    .on('applicant_documents')
    .column('application_id')
    .execute();
  await db.schema
    .createIndex('applicant_documents_storage_key_idx')
    .on('applicant_documents')
    .column('storage_key')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('applicant_documents').execute();
}
