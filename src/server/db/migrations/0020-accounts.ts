import type { MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text')
    .addColumn('given_names', 'text', (col) => col.notNull())
    .addColumn('family_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('mobile_country', 'text', (col) => col.notNull())
    .addColumn('mobile_number', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('profile_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('auth_sessions_profile_idx').on('auth_sessions').column('profile_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) => col.notNull().references('auth_sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('rotated_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('email_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('profile_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('email_keys_hash_idx').on('email_keys').column('key_hash').execute();
  await db.schema
    .createIndex('email_keys_profile_idx')
    .on('email_keys')
    .columns(['profile_id', 'purpose', 'kind'])
    .execute();

  await db.schema
    .createTable('throttle_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_events_bucket_idx')
    .on('throttle_events')
    .columns(['bucket', 'occurred_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['throttle_events', 'email_keys', 'refresh_tokens', 'auth_sessions', 'profiles']) {
    await db.schema.dropTable(table).execute();
  }
}
