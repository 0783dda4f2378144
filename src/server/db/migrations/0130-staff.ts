import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

/** Staff accounts with their second factor, their sessions, and the audit trail of what staff and operators did. */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'staff_accounts', [
    col.key('id'),
    col.unique('email'),
    col.required('text', 'password_hash', 'roles', 'languages', 'totp_secret', 'created_at', 'created_by'),
    col.optional('integer', 'totp_last_step'),
    col.optional('text', 'disabled_at'),
  ]);
  await createTable(db, 'staff_sessions', [
    col.key('id'),
    col.belongsTo('staff_id', 'staff_accounts.id'),
    col.required('text', 'created_at', 'last_seen_at'),
    col.optional('text', 'ended_at'),
  ]);
  await createIndex(db, 'staff_sessions_staff_idx', 'staff_sessions', ['staff_id']);
  await createTable(db, 'staff_audit', [
    col.key('id'),
    col.optional('text', 'staff_id'),
    col.required('text', 'actor', 'action', 'subject', 'detail', 'at'),
  ]);
  await createIndex(db, 'staff_audit_at_idx', 'staff_audit', ['at']);
  await createIndex(db, 'staff_audit_subject_idx', 'staff_audit', ['subject', 'at']);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['staff_audit', 'staff_sessions', 'staff_accounts']);
}
