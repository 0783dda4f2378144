import type { MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('form_id', 'text', (col) => col.notNull())
    .addColumn('answers', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('profile_id', 'text', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('mail_state', 'text', (col) => col.notNull())
    .addColumn('mail_attempted_at', 'text')
    .execute();
  await db.schema.createIndex('form_submissions_created_idx').on('form_submissions').column('created_at').execute();
  await db.schema
    .createIndex('form_submissions_mail_idx')
    .on('form_submissions')
    .columns(['mail_state', 'mail_attempted_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('form_submissions').execute();
}
