import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';
import { createTestDb, databases, type TestDb } from '../testing/harness';

describe.each(databases())('migrations on %s', (kind) => {
  let testDb: TestDb | undefined;
  afterEach(async () => {
    await testDb?.close();
    testDb = undefined;
  });

  it('run every migration on an empty database, then nothing on a second start', async () => {
    testDb = await createTestDb(kind, { migrate: false });
    expect(databaseKind(testDb.db)).toBe(kind);
    const first = await migrateToLatest(testDb.db);
    expect(first.map((result) => [result.migrationName, result.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    expect(await migrateToLatest(testDb.db)).toEqual([]);
  });

  it('create the meta table with the installation date', async () => {
    testDb = await createTestDb(kind);
    const row = await testDb.db
      .selectFrom('meta')
      .selectAll()
      .where('key', '=', 'schema_created_at')
      .executeTakeFirstOrThrow();
    expect(new Date(row.value).toISOString()).toBe(row.value);
    await testDb.db
      .insertInto('meta')
      .values({ key: 'k', value: 'v1', updated_at: row.updated_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'v2' }))
      .execute();
    await testDb.db
      .insertInto('meta')
      .values({ key: 'k', value: 'v1', updated_at: row.updated_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'v2' }))
      .execute();
    const { value } = await testDb.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'k')
      .executeTakeFirstOrThrow();
    expect(value).toBe('v2');
  });

  it('answer a plain query', async () => {
    testDb = await createTestDb(kind);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(testDb.db);
    expect(Number(rows[0].one)).toBe(1);
  });
});

describe('migration names', () => {
  it('sort in the order they are listed and follow NNNN-name', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
  });
});

/** The SQL every migration sends, up and down, on one dialect, without a database (Kysely's dummy driver). */
async function migrationSql(dialect: 'postgres' | 'sqlite'): Promise<string[]> {
  const lines: string[] = [];
  const postgres = dialect === 'postgres';
  const db = new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (d) => (postgres ? new PostgresIntrospector(d) : new SqliteIntrospector(d)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    log: (event) => {
      if (event.level === 'query') lines.push(`${event.query.sql};`);
    },
  });
  for (const [name, migration] of Object.entries(migrations)) {
    lines.push(`-- ${name} up`);
    await migration.up(db);
    if (!migration.down) continue;
    lines.push(`-- ${name} down`);
    await migration.down(db);
  }
  return lines;
}

describe('migration SQL', () => {
  // A migration that has run somewhere must never change: the SQL of every migration, on SQLite and on PostgreSQL
  // where it differs, is kept beside the migrations and compared. A new migration adds its SQL there
  // (`npx vitest run src/server/db/migrate.test.ts -u`); nothing else may change it.
  it('is the SQL the migrations were released with, on SQLite and PostgreSQL', async () => {
    const sqlite = await migrationSql('sqlite');
    const postgres = await migrationSql('postgres');
    expect(postgres).toHaveLength(sqlite.length);
    const released = sqlite.map((line, i) =>
      line === postgres[i] ? line : `${line}\n-- on PostgreSQL: ${postgres[i]}`,
    );
    await expect(`${released.join('\n')}\n`).toMatchFileSnapshot('./migrations/released.sql');
  });
});
