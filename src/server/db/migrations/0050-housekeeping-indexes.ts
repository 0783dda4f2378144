import type { MigrationDb } from '../migration-db';

/** Indexes the housekeeping sweeps read by, so that they find expired rows and orphaned files without scanning whole tables. */
const INDEXES: { name: string; table: string; column: string }[] = [
  { name: 'email_keys_expires_idx', table: 'email_keys', column: 'expires_at' },
  { name: 'email_keys_used_idx', table: 'email_keys', column: 'used_at' },
  { name: 'throttle_events_occurred_idx', table: 'throttle_events', column: 'occurred_at' },
  { name: 'capture_sessions_expires_idx', table: 'capture_sessions', column: 'expires_at' },
  { name: 'dev_mailbox_created_idx', table: 'dev_mailbox', column: 'created_at' },
  { name: 'applicant_photos_storage_idx', table: 'applicant_photos', column: 'storage_key' },
];

export async function up(db: MigrationDb): Promise<void> {
  for (const { name, table, column } of INDEXES) await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
}
