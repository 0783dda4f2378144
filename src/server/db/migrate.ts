import { Migrator, type MigrationResult } from 'kysely';
import type { MigrationDb } from './migration-db';
import { migrations } from './migrations/index';

/** Runs every pending migration; throws (with the failing migration's name) when one fails. */
export async function migrateToLatest(db: MigrationDb): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, { cause });
  }
  return results;
}

/** The names of the migrations this server knows that the database has not run (readiness: none must be left). */
export async function pendingMigrations(db: MigrationDb): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
