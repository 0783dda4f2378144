import type { MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  const now = new Date().toISOString();
  await db.insertInto('meta').values({ key: 'schema_created_at', value: now, updated_at: now }).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('meta').execute();
}
