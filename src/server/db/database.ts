import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { MigrationDb } from './migration-db';
import type { Database } from './schema';

/** The query builder every route uses. */
export type Db = Kysely<Database>;

export type DatabaseKind = DatabaseConfig['kind'];

/** Reports an error of an idle PostgreSQL connection (default: one JSON log line on stderr, as the server logs). */
export type IdleConnectionErrorHandler = (error: Error) => void;

const reportIdleError: IdleConnectionErrorHandler = (error) => {
  const line = {
    level: 40,
    time: Date.now(),
    msg: 'an idle database connection failed and was dropped',
    err: { message: error.message },
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
};

/**
 * Opens the configured database: an embedded SQLite file (created with its folder) or a PostgreSQL pool. An idle
 * pooled connection that the server ends (restart, fail-over, administrator) is reported and replaced on the next
 * query instead of bringing the process down.
 */
export function openDatabase(config: DatabaseConfig, onIdleError: IdleConnectionErrorHandler = reportIdleError): Db {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.connectionString, max: 10 });
    pool.on('error', onIdleError);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (config.filename !== ':memory:') mkdirSync(path.dirname(config.filename), { recursive: true });
  const sqlite = new SqliteDatabase(config.filename);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Which engine a Db runs on, for the rare query that must differ. */
export function databaseKind(db: MigrationDb): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
