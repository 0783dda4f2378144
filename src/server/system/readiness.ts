import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/schema';
import { pendingMigrations } from '../db/migrate';
import type { ObjectStorage } from '../storage/object-storage';
import { jobProblem } from './jobs';
import { systemRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance still takes new work (see startDraining). */
    readiness: { draining: boolean };
  }
}

/** A check that has not answered in this long has failed: a load balancer's probe must not hang. */
export const CHECK_TIMEOUT_MS = 3000;

/** What readiness found: each check `ok` or what is wrong with it. */
export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, string>;
}

/**
 * From the start of a graceful shutdown the instance answers that it is not ready, so a load balancer sends new
 * requests to the others while this one finishes what it has (see shutdown.ts).
 */
export function startDraining(app: FastifyInstance): void {
  if (app.hasDecorator('readiness')) app.readiness.draining = true;
}

/** Resolves with `promise`, or rejects once `ms` have passed. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * Readiness of one instance: not draining, the database answering and every migration this server knows run, the
 * object store answering, and every background job (the decisions poller, housekeeping) alive.
 */
export function createReadiness(options: { app: FastifyInstance; db: Db; storage: ObjectStorage }) {
  const { app, db, storage } = options;
  // Migrations never un-run: once all are there, they stay.
  let migrated = false;
  return async (): Promise<ReadinessReport> => {
    const checks: Record<string, string> = {};
    checks.draining = app.readiness.draining ? 'draining' : 'ok';
    const [database, store] = await Promise.allSettled([
      within(
        (async () => {
          await systemRepository(db).ping();
          if (!migrated) {
            const pending = await pendingMigrations(db);
            if (pending.length > 0) throw new Error(`migrations not run: ${pending.join(', ')}`);
            migrated = true;
          }
        })(),
        CHECK_TIMEOUT_MS,
        'the database',
      ),
      within(storage.check(), CHECK_TIMEOUT_MS, 'the object store'),
    ]);
    checks.database = database.status === 'fulfilled' ? 'ok' : problemOf(database.reason);
    checks.objectStore = store.status === 'fulfilled' ? 'ok' : problemOf(store.reason);
    const now = Date.now();
    for (const [name, job] of app.jobs) checks[`job:${name}`] = jobProblem(job, now) ?? 'ok';
    return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
  };
}
