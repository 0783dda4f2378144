import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Distinct statements kept prepared; beyond it the longest-unused is dropped (lists of ids vary the SQL text). */
export const PREPARED_STATEMENTS_MAX = 500;

/**
 * The SQLite connection as Kysely's SqliteDialect uses it, with each statement prepared once and kept: Kysely
 * prepares its statement again for every query, and preparing is most of what a small query costs (SQLite
 * prepares a kept statement again by itself when a migration changes the schema). Kysely only runs a statement
 * to the end (`all` or `run`) before the next starts, so one kept statement never runs twice at once; a streamed
 * query (`iterate`), which would hold it, is not used by this server.
 */
export function preparedOnce(database: SqliteDatabase, max = PREPARED_STATEMENTS_MAX): KyselySqliteDatabase {
  const kept = new Map<string, Statement>();
  return {
    close: () => {
      kept.clear();
      database.close();
    },
    prepare(sql: string) {
      let statement = kept.get(sql);
      if (statement) {
        // Most recently used last, so that the first entry is the one to drop.
        kept.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (kept.size >= max) kept.delete(kept.keys().next().value as string);
      }
      kept.set(sql, statement);
      return statement;
    },
  };
}
