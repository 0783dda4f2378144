import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'dev_mailbox', [
    col.key('id'),
    col.required('text', 'recipient', 'subject', 'text_body', 'html_body', 'created_at'),
  ]);
  await createIndex(db, 'dev_mailbox_recipient_idx', 'dev_mailbox', ['recipient', 'id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['dev_mailbox']);
}
