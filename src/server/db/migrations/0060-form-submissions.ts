import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'form_submissions', [
    col.key('id'),
    col.unique('reference'),
    col.required('text', 'form_id', 'answers', 'language'),
    col.custom('profile_id', 'text', (column) => column.references('profiles.id').onDelete('set null')),
    col.required('text', 'created_at', 'mail_state'),
    col.optional('text', 'mail_attempted_at'),
  ]);
  await createIndex(db, 'form_submissions_created_idx', 'form_submissions', ['created_at']);
  await createIndex(db, 'form_submissions_mail_idx', 'form_submissions', ['mail_state', 'mail_attempted_at']);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['form_submissions']);
}
