import { col, createTable, dropTables, type MigrationDb } from '../migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, 'meta', [col.key('key'), col.required('text', 'value', 'updated_at')]);
  const now = new Date().toISOString();
  await db.insertInto('meta').values({ key: 'schema_created_at', value: now, updated_at: now }).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await dropTables(db, ['meta']);
}
