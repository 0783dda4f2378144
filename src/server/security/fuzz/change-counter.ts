import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Tables whose rows a refused request may rightly change. throttle_events records refused sign-ins, wrong codes and
 * e-mails asked for, per client address: a refusal must write there, or throttling could never refuse.
 */
export const TABLES_A_REFUSAL_MAY_CHANGE: readonly string[] = ['throttle_events'];

/**
 * Counts every row written to the watched tables, with temporary triggers on a SQLite connection.
 *
 * A digest of the rows (counts, latest updated_at) would miss an update of a table without such a column and would cost
 * a scan per request; the triggers see every INSERT, UPDATE and DELETE, cost nothing when nothing is written, and are
 * undone with the statement when a transaction rolls back, so the count only moves for changes that stay. The
 * triggers and their counter table are TEMP objects: they live in this connection only and the schema is untouched.
 */
export async function watchChanges(db: Db): Promise<{ snapshot(): Promise<string>; tables: string[] }> {
  const rows = await sql<{ name: string }>`
    SELECT name FROM sqlite_master
    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'
    ORDER BY name`.execute(db);
  const tables = rows.rows.map((r) => r.name).filter((name) => !TABLES_A_REFUSAL_MAY_CHANGE.includes(name));
  await sql`CREATE TEMP TABLE IF NOT EXISTS fuzz_changes (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL)`.execute(db);
  for (const table of tables) {
    await sql`INSERT OR IGNORE INTO fuzz_changes (tbl, n) VALUES (${table}, 0)`.execute(db);
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql
        .raw(
          `CREATE TEMP TRIGGER IF NOT EXISTS "fuzz_${table}_${event}" AFTER ${event} ON main."${table}"
           BEGIN UPDATE fuzz_changes SET n = n + 1 WHERE tbl = '${table}'; END`,
        )
        .execute(db);
    }
  }
  return {
    tables,
    async snapshot() {
      const counts = await sql<{ tbl: string; n: number }>`SELECT tbl, n FROM fuzz_changes ORDER BY tbl`.execute(db);
      return counts.rows.map((r) => `${r.tbl}:${r.n}`).join(' ');
    },
  };
}
