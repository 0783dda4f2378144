import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preparedOnce } from './sqlite-statements';

interface Tables {
  notes: { id: number; body: string };
}

describe('SQLite statements prepared once', () => {
  const opened: Kysely<Tables>[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()));
  });

  const open = (max?: number) => {
    const sqlite = new SqliteDatabase(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite, max) }) });
    opened.push(db);
    return { db, prepare };
  };

  it('prepares a statement the first time its SQL is run and reuses it with other values', async () => {
    const { db, prepare } = open();
    await db.schema.createTable('notes').addColumn('id', 'integer').addColumn('body', 'text').execute();
    for (const [id, body] of [
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ] as const)
      await db.insertInto('notes').values({ id, body }).execute();
    const read = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
    expect(await read(2)).toEqual({ body: 'two' });
    expect(await read(3)).toEqual({ body: 'three' });
    expect(await read(9)).toBeUndefined();
    // create table, one insert, one select: three texts, each prepared once.
    expect(prepare).toHaveBeenCalledTimes(3);
  });

  it('keeps a kept statement working after the schema changes', async () => {
    const { db } = open();
    await db.schema.createTable('notes').addColumn('id', 'integer').addColumn('body', 'text').execute();
    await db.insertInto('notes').values({ id: 1, body: 'one' }).execute();
    const all = () => sql<Record<string, unknown>>`select * from notes`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, body: 'one' }]);
    await sql`alter table notes add column extra text default 'x'`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, body: 'one', extra: 'x' }]);
  });

  it('keeps at most the given number of statements, dropping the longest unused', async () => {
    const { db, prepare } = open(2);
    const run = (n: number) => sql`select ${sql.lit(n)} as n`.execute(db);
    await run(1);
    await run(2);
    await run(1); // 1 used last: 2 is the one to drop
    await run(3);
    expect(prepare).toHaveBeenCalledTimes(3);
    await run(1);
    expect(prepare).toHaveBeenCalledTimes(3);
    await run(2);
    expect(prepare).toHaveBeenCalledTimes(4);
  });
});
