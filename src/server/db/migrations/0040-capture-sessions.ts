import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'capture_sessions', [
    col.key('id'),
    col.unique('token_hash'),
    col.belongsTo('applicant_id', 'applicants.id'),
    col.belongsTo('profile_id', 'profiles.id'),
    col.required('text', 'status', 'capture_type'),
    col.required('integer', 'failed_attempts'),
    col.optional('text', 'error_code', 'device_hash'),
    col.required('text', 'created_at', 'updated_at', 'expires_at'),
    col.optional('text', 'replaced_at', 'retry_after'),
  ]);
  await createIndex(db, 'capture_sessions_applicant_idx', 'capture_sessions', ['applicant_id', 'created_at']);

  await createTable(db, 'applicant_photos', [
    col.belongsTo('applicant_id', 'applicants.id'),
    col.required('text', 'photo_type', 'storage_key', 'content_type'),
    col.required('integer', 'width', 'height', 'byte_size'),
    col.required('text', 'session_id', 'created_at'),
    col.compositeKey('applicant_photos_pk', ['applicant_id', 'photo_type']),
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['applicant_photos', 'capture_sessions']);
}
