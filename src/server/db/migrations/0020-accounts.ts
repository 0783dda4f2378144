import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'profiles', [
    col.key('id'),
    col.optional('text', 'title'),
    col.required('text', 'given_names', 'family_name'),
    col.unique('email'),
    col.required('text', 'mobile_country', 'mobile_number', 'password_hash'),
    col.custom('email_verified', 'integer', (column) => column.notNull().defaultTo(0)),
    col.required('text', 'language', 'created_at', 'updated_at'),
  ]);

  await createTable(db, 'auth_sessions', [
    col.key('id'),
    col.belongsTo('profile_id', 'profiles.id'),
    col.required('text', 'created_at'),
    col.optional('text', 'revoked_at', 'revoked_reason'),
  ]);
  await createIndex(db, 'auth_sessions_profile_idx', 'auth_sessions', ['profile_id']);

  await createTable(db, 'refresh_tokens', [
    col.key('token_hash'),
    col.belongsTo('session_id', 'auth_sessions.id'),
    col.required('text', 'created_at', 'expires_at'),
    col.optional('text', 'rotated_at'),
  ]);
  await createIndex(db, 'refresh_tokens_session_idx', 'refresh_tokens', ['session_id']);

  await createTable(db, 'email_keys', [
    col.key('id'),
    col.belongsTo('profile_id', 'profiles.id'),
    col.required('text', 'purpose', 'kind', 'key_hash', 'created_at', 'expires_at'),
    col.optional('text', 'used_at'),
    col.custom('attempts', 'integer', (column) => column.notNull().defaultTo(0)),
  ]);
  await createIndex(db, 'email_keys_hash_idx', 'email_keys', ['key_hash']);
  await createIndex(db, 'email_keys_profile_idx', 'email_keys', ['profile_id', 'purpose', 'kind']);

  await createTable(db, 'throttle_events', [col.key('id'), col.required('text', 'bucket', 'occurred_at')]);
  await createIndex(db, 'throttle_events_bucket_idx', 'throttle_events', ['bucket', 'occurred_at']);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['throttle_events', 'email_keys', 'refresh_tokens', 'auth_sessions', 'profiles']);
}
