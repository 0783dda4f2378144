import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { recordDatabaseQuery, recordDatabaseWait } from '../system/public';
import { SpanKind, withSpan } from '../telemetry/public';

/** How a database's connections are used right now, for the metrics (system/gauges.ts). */
export interface ConnectionUse {
  /** Connections the pool may open (1 for SQLite). */
  max: number;
  /** Connections held by a query or a transaction. */
  inUse: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
}

/** The first words of a statement name its span (`select`, `insert into applicants`, ...), never its values. */
function operationOf(sql: string): string {
  return /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? 'query';
}

/**
 * Wraps a Kysely dialect so that every statement is a span of the current trace (`db.system`, the SQL with its
 * parameters left out) and counted with its time, and the time spent waiting for a connection (the PostgreSQL pool,
 * SQLite's one connection) is counted too; `use` tells how many connections are held and awaited.
 */
export function instrumentedDialect(
  dialect: Dialect,
  system: 'postgresql' | 'sqlite',
  max: number,
): { dialect: Dialect; use: ConnectionUse } {
  const use: ConnectionUse = { max, inUse: 0, waiting: 0 };
  const label = system === 'postgresql' ? 'postgres' : 'sqlite';
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  const traced = (connection: DatabaseConnection): DatabaseConnection => {
    let proxy = wrapped.get(connection);
    if (proxy) return proxy;
    const executeQuery: DatabaseConnection['executeQuery'] = (query) =>
      withSpan(
        `db ${operationOf(query.sql)}`,
        { kind: SpanKind.CLIENT, attributes: { 'db.system': system, 'db.statement': query.sql } },
        async () => {
          const started = performance.now();
          try {
            return (await connection.executeQuery(query)) as QueryResult<never>;
          } finally {
            recordDatabaseQuery(label, (performance.now() - started) / 1000);
          }
        },
      );
    // Everything else (streaming, the driver's own members) goes to the connection itself.
    proxy = new Proxy(connection, {
      get(target, property) {
        if (property === 'executeQuery') return executeQuery;
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    wrapped.set(connection, proxy);
    return proxy;
  };

  const wrapDriver = (driver: Driver): Driver => ({
    init: () => driver.init(),
    async acquireConnection() {
      const started = performance.now();
      use.waiting += 1;
      let connection: DatabaseConnection;
      try {
        connection = await driver.acquireConnection();
      } finally {
        use.waiting -= 1;
      }
      use.inUse += 1;
      recordDatabaseWait(label, (performance.now() - started) / 1000);
      return traced(connection);
    },
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
    ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
    ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
    async releaseConnection(connection) {
      use.inUse -= 1;
      await driver.releaseConnection(connection);
    },
    destroy: () => driver.destroy(),
  });

  return {
    use,
    dialect: {
      createDriver: () => wrapDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
  };
}
