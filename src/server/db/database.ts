import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { instrumentedDialect, type ConnectionUse } from './instrumented-dialect';
import { preparedOnce } from './sqlite-statements';
import { DEFAULT_POOL_MAX } from './pool';
import type { MigrationDb } from './migration-db';
import type { Database, Db } from './schema';

export type { Db };

export type DatabaseKind = DatabaseConfig['kind'];

const connectionUses = new WeakMap<Db, ConnectionUse>();

/** How the database's connections are used right now (held, awaited, at most), for the metrics. */
export function connectionUse(db: Db): ConnectionUse | undefined {
  return connectionUses.get(db);
}

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
 * Opens the configured database: an embedded SQLite file (created with its folder) or a PostgreSQL pool of
 * `poolMax` connections (DATABASE_POOL_MAX), every statement traced and counted (instrumented-dialect.ts). An idle
 * pooled connection that the server ends (restart, fail-over, administrator) is reported and replaced on the next
 * query instead of bringing the process down.
 */
export function openDatabase(config: DatabaseConfig, onIdleError: IdleConnectionErrorHandler = reportIdleError): Db {
  if (config.kind === 'postgres') {
    const max = config.poolMax ?? DEFAULT_POOL_MAX;
    const pool = new pg.Pool({ connectionString: config.connectionString, max });
    pool.on('error', onIdleError);
    const { dialect, use } = instrumentedDialect(new PostgresDialect({ pool }), 'postgresql', max);
    const db = new Kysely<Database>({ dialect });
    connectionUses.set(db, use);
    return db;
  }
  if (config.filename !== ':memory:') mkdirSync(path.dirname(config.filename), { recursive: true });
  const sqlite = new SqliteDatabase(config.filename);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const { dialect, use } = instrumentedDialect(new SqliteDialect({ database: preparedOnce(sqlite) }), 'sqlite', 1);
  const db = new Kysely<Database>({ dialect });
  connectionUses.set(db, use);
  return db;
}

/** Which engine a Db runs on, for the rare query that must differ. */
export function databaseKind(db: MigrationDb): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** PostgreSQL's classes of errors that mean the server is not there (08: connection, 57P: shutting down, starting). */
const UNAVAILABLE_SQLSTATES = /^(08|57P0[1-3])/;
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * True when a query failed because the database could not be reached (stopped, restarting, failing over, the
 * connection cut), not because of the query: the call can be tried again in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)))
      return true;
    if (/^Connection terminated|timeout exceeded when trying to connect/i.test(cause.message)) return true;
    if (cause instanceof AggregateError && cause.errors.some((e) => isDatabaseUnavailable(e))) return true;
    cause = cause.cause;
  }
  return false;
}
