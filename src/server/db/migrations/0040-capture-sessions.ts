import type { MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('capture_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('applicant_id', 'text', (col) => col.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('profile_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('capture_type', 'text', (col) => col.notNull())
    .addColumn('failed_attempts', 'integer', (col) => col.notNull())
    .addColumn('error_code', 'text')
    .addColumn('device_hash', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('replaced_at', 'text')
    .addColumn('retry_after', 'text')
    .execute();
  await db.schema
    .createIndex('capture_sessions_applicant_idx')
    .on('capture_sessions')
    .columns(['applicant_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('applicant_photos')
    .addColumn('applicant_id', 'text', (col) => col.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('photo_type', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('applicant_photos_pk', ['applicant_id', 'photo_type'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['applicant_photos', 'capture_sessions']) await db.schema.dropTable(table).execute();
}
