import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * Tables left out of the snapshot, with why:
 * - throttle_events counts calls per caller and address (a refused call may be counted): it holds no applicant's
 *   data and no call of the matrix may change anything through it;
 * - dev_mailbox keeps the mails the development mailer "sent": a call of the matrix never sends one to the owner,
 *   and a mail to the caller would be no data of the owner's.
 * Every other table, every column included (updated_at too: a refused call must not even touch a row), is
 * compared. The calls of the matrix need no session of their own (tokens are made before the snapshot), so the
 * session tables are compared as well.
 */
export const UNCOMPARED_TABLES = ['throttle_events', 'dev_mailbox'];

/** Every row of every table of the schema (but UNCOMPARED_TABLES), each table's rows in a stable order. */
export async function databaseSnapshot(app: FastifyInstance): Promise<Record<string, string[]>> {
  const tables = (await app.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !UNCOMPARED_TABLES.includes(name))
    .sort();
  const snapshot: Record<string, string[]> = {};
  for (const name of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(app.db);
    snapshot[name] = rows.rows
      .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))))
      .sort();
  }
  return snapshot;
}
