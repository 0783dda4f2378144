/**
 * Real server processes for the load, the fail-over bench and the web audit: the built server (dist/server/main.js,
 * as `npm run start:prod` runs it) when there is one, else src/server/main.ts; started on loopback on a given port,
 * ready once /health answers, and their output kept so that a failure can be shown.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createTestDb } from '../../src/server/testing/harness';
import { hasEnded, stopProcess } from '../../src/server/testing/processes';

const ROOT = join(import.meta.dirname, '..', '..');
/** The production server the build writes (see tools/build/server-bundle.ts). */
export const BUILT_SERVER = join(ROOT, 'dist', 'server', 'main.js');

/** Builds the portal and the server (`vite build`) unless they are built already, or always with `force`. */
export function ensureBuilt(force = false): void {
  if (!force && existsSync(BUILT_SERVER) && existsSync(join(ROOT, 'dist', 'index.html'))) return;
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
}

/**
 * The loopback port of the bench's `index`-th server process: from 8260, or from BENCH_PORT when set (to run the
 * bench beside another one).
 */
export function benchPort(index: number): number {
  return Number(process.env.BENCH_PORT ?? 8260) + index;
}

/** A database for the servers, migrated: a SQLite file in the data folder or a new PostgreSQL database. */
export async function openLoadDatabase(
  kind: 'sqlite' | 'postgres',
  dataDir: string,
): Promise<{ db: Db; env: Record<string, string>; close: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const db = openDatabase({ kind: 'sqlite', filename: join(dataDir, 'eta.sqlite') });
    await migrateToLatest(db);
    return { db, env: {}, close: () => db.destroy() };
  }
  const testDb = await createTestDb('postgres');
  return { db: testDb.db, env: { DATABASE_URL: testDb.url as string }, close: () => testDb.close() };
}

export interface ServerProcess {
  base: string;
  port: number;
  /** What the process wrote (stdout and stderr), for the report of a failure. */
  output: string[];
  /** Ends the process politely (SIGTERM: a graceful shutdown) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL: no shutdown, as a crash) and resolves once it has exited. */
  kill(): Promise<void>;
}

/** Answers whether nothing listens on the loopback port. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Starts the server (built, else from source) on 127.0.0.1:`port` with `env` on top of a quiet development setup
 * (warnings and errors logged, no housekeeping) and waits until /health answers 200.
 */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  if (!(await portIsFree(port))) throw new Error(`port ${port} is taken: stop what listens there first`);
  const output: string[] = [];
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" profiles the servers under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = existsSync(BUILT_SERVER) ? [BUILT_SERVER] : ['--import', 'tsx', 'src/server/main.ts'];
  const program = [...nodeArgs, ...entry];
  const child: ChildProcess = spawn(process.execPath, program, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      HOUSEKEEPING_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = () => stopProcess(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (hasEnded(child)) throw new Error(`the server on port ${port} exited:\n${output.join('')}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { base, port, output, stop, kill: () => stopProcess(child, 'SIGKILL') };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server on port ${port} did not answer /health within 90 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
