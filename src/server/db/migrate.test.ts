import { sql } from 'kysely';
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
