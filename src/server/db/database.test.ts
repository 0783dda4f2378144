import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
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
