import type { MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('dev_mailbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('dev_mailbox_recipient_idx').on('dev_mailbox').columns(['recipient', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('dev_mailbox').execute();
}
