import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

describe('openDatabase (sqlite file)', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates the file and its folder, in WAL mode with foreign keys on, and keeps data across opens', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'eta-db-'));
    const filename = path.join(dir, 'nested', 'eta.sqlite');
    const db = openDatabase({ kind: 'sqlite', filename });
    await migrateToLatest(db);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(journal.rows[0].journal_mode).toBe('wal');
    expect(keys.rows[0].foreign_keys).toBe(1);
    await db.destroy();
    expect((await stat(filename)).isFile()).toBe(true);

    const reopened = openDatabase({ kind: 'sqlite', filename });
    expect(await migrateToLatest(reopened)).toEqual([]);
    const row = await reopened.selectFrom('meta').select('key').executeTakeFirst();
    expect(row?.key).toBe('schema_created_at');
    await reopened.destroy();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('openDatabase (postgres)', () => {
  it('survives the server ending an idle connection: reports it and answers the next query on a new one', async () => {
    const failures: Error[] = [];
    const db = openDatabase({ kind: 'postgres', connectionString: process.env.TEST_DATABASE_URL! }, (error) =>
      failures.push(error),
    );
    try {
      const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [first.rows[0].pid]);
      } finally {
        await admin.end();
      }
      await expect.poll(() => failures.length).toBe(1);
      const second = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(second.rows[0].one).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
