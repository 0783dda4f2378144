import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Env } from '../lib/env';
import { openDatabase, type DatabaseKind, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { drawnPageReader } from '../biometrics/testing/drawn-page-reader';
import { TEST_SCHEMAS_DIR } from './schemas-dir';

export type { DatabaseKind };

/** The databases tests run against: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function databases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDb {
  kind: DatabaseKind;
  db: Db;
  /** The PostgreSQL database's address (for a server process of its own); undefined for SQLite in memory. */
  url?: string;
  /** Closes the connection and removes the database (the PostgreSQL database is dropped). */
  close(): Promise<void>;
}

export interface TestDbOptions {
  /** Run every migration before returning (default true). */
  migrate?: boolean;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests need a scratch cluster');
  return url;
}

/** A fresh, empty database: in-memory SQLite, or a new PostgreSQL database on TEST_DATABASE_URL's cluster. */
export async function createTestDb(kind: DatabaseKind = 'sqlite', options: TestDbOptions = {}): Promise<TestDb> {
  let testDb: TestDb;
  if (kind === 'sqlite') {
    const db = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    testDb = { kind, db, close: () => db.destroy() };
  } else {
    const name = `eta_test_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    // Dropping the database at close ends its connections on purpose: nothing to report then.
    const db = openDatabase({ kind: 'postgres', connectionString: url.toString() }, () => {});
    let closed = false;
    testDb = {
      kind,
      db,
      url: url.toString(),
      close: async () => {
        if (closed) return;
        closed = true;
        await db.destroy();
        const dropper = new pg.Client({ connectionString: adminUrl() });
        await dropper.connect();
        try {
          await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await dropper.end();
        }
      },
    };
  }
  if (options.migrate !== false) {
    try {
      await migrateToLatest(testDb.db);
    } catch (error) {
      await testDb.close();
      throw error;
    }
  }
  return testDb;
}

/**
 * The forms, manifest and rules the tests run on and derive what they expect from: SCHEMAS_DIR when set (an edited
 * copy of the configuration, as `npm test`'s recipes step sets it), else the repository's schemas/. The texts
 * follow LOCALES_DIR the same way (src/server/i18n.ts).
 */
export { TEST_SCHEMAS_DIR };

/**
 * A config for tests: the configuration of TEST_SCHEMAS_DIR, quiet logs, a random JWT secret, a private temporary
 * data folder, then `overrides`.
 */
export function testConfig(overrides: Partial<AppConfig> = {}, env: Env = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(tmpdir(), 'eta-test-data'),
    SCHEMAS_DIR: TEST_SCHEMAS_DIR,
    ...env,
  });
  return { ...base, jwtSecret: randomBytes(32).toString('base64url'), ...overrides };
}

export type BuildTestAppOptions = Partial<AppConfig> & {
  /** Which database to run on (default sqlite). */
  db?: DatabaseKind;
  /** Environment variables read before `overrides` apply (e.g. { SMTP_URL: ... }). */
  env?: Env;
  logger?: FastifyBaseLogger | false;
  /** Receives the JSON log lines (at config.logLevel, 'silent' unless overridden) instead of `logger`. */
  logStream?: { write(line: string): void };
  servePortal?: boolean;
  /** Extra route plugins, registered after the registry's. */
  plugins?: FastifyPluginAsync[];
  /** The server-side entry the pages are rendered with (tests give the source module). */
  loadServerEntry?: BuildAppOptions['loadServerEntry'];
  /**
   * Reads passport photos' MRZ. Default: drawnPageReader, which answers what the test pages say without OCR; tests
   * of the reading itself give a real one (createMrzReader) and close it.
   */
  mrzReader?: BuildAppOptions['mrzReader'];
};

/**
 * A ready app on a fresh, migrated database of the given kind; `app.close()` also removes the database.
 * Without distDir, pages are served from an empty temporary folder (so they answer 503).
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<FastifyInstance> {
  const {
    db: kind = 'sqlite',
    env,
    logger,
    logStream,
    servePortal,
    plugins,
    loadServerEntry,
    mrzReader = drawnPageReader(),
    ...overrides
  } = options;
  const scratch = overrides.distDir ? undefined : await mkdtemp(path.join(tmpdir(), 'eta-dist-'));
  const config = testConfig({ ...(scratch ? { distDir: scratch } : {}), ...overrides }, env);
  const testDb = await createTestDb(kind);
  try {
    return await buildApp({
      config,
      db: testDb.db,
      logger: logger ?? (logStream ? undefined : false),
      logStream,
      servePortal,
      plugins,
      loadServerEntry,
      mrzReader,
      onClose: async () => {
        await testDb.close();
        if (scratch) await rm(scratch, { recursive: true, force: true });
      },
    });
  } catch (error) {
    await testDb.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}
