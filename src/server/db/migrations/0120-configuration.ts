import { col, createIndex, createTable, dropTables, type MigrationDb } from '../migration-db';

/** Published versions of the forms and texts, and the drafts on their way to becoming one. */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'config_versions', [
    col.custom('number', 'integer', (column) => column.primaryKey()),
    col.required('text', 'files', 'content_hash', 'published_by', 'published_at', 'note'),
    col.optional('text', 'draft_id'),
    col.optional('integer', 'restores'),
  ]);
  await createTable(db, 'config_drafts', [
    col.key('id'),
    col.required('integer', 'base_version'),
    col.required('text', 'files', 'created_by', 'created_at', 'updated_at', 'note'),
    col.optional('integer', 'published_as'),
    col.optional('text', 'discarded_at'),
  ]);
  await createIndex(db, 'config_drafts_created_idx', 'config_drafts', ['created_at']);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['config_drafts', 'config_versions']);
}
