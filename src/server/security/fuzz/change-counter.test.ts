import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/harness';
import { watchChanges } from './change-counter';

describe('the change counter the fuzz trusts', () => {
  let testDb: TestDb;
  beforeEach(async () => {
    testDb = await createTestDb('sqlite');
  });
  afterEach(async () => {
    await testDb.close();
  });

  it('sees an insert, an update and a delete, and nothing when nothing is written', async () => {
    const { snapshot, tables } = await watchChanges(testDb.db);
    expect(tables).toContain('meta');
    const start = await snapshot();
    await sql`SELECT * FROM meta`.execute(testDb.db);
    expect(await snapshot()).toBe(start);
    await sql`INSERT INTO meta (key, value, updated_at) VALUES ('fuzz', 'a', 'now')`.execute(testDb.db);
    const inserted = await snapshot();
    expect(inserted).not.toBe(start);
    await sql`UPDATE meta SET value = 'b' WHERE key = 'fuzz'`.execute(testDb.db);
    const updated = await snapshot();
    expect(updated).not.toBe(inserted);
    await sql`DELETE FROM meta WHERE key = 'fuzz'`.execute(testDb.db);
    expect(await snapshot()).not.toBe(updated);
  });

  it('ignores throttle_events and a change rolled back', async () => {
    const { snapshot, tables } = await watchChanges(testDb.db);
    expect(tables).not.toContain('throttle_events');
    const start = await snapshot();
    await sql`INSERT INTO throttle_events (id, bucket, occurred_at) VALUES ('1', 'b', 'now')`.execute(testDb.db);
    await testDb.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO meta (key, value, updated_at) VALUES ('fuzz', 'a', 'now')`.execute(trx);
        throw new Error('refused');
      })
      .catch(() => undefined);
    expect(await snapshot()).toBe(start);
  });
});
