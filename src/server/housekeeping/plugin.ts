import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { removeOrphanedPhotos } from '../biometrics/public';
import { removeOrphanedDocuments } from '../documents/public';
import { watchJob } from '../system/public';
import { sweepSubmissions } from '../submissions/public';
import { retrySubmissionMails } from '../payments/public';
import { scheduleHousekeeping, type HousekeepingSchedule } from './scheduler';
import { sweepExpired } from './sweep';

/** The first run comes this long after the start (or after one interval, when that is shorter). */
export const FIRST_RUN_DELAY_MS = 60_000;

/** One job of a housekeeping run. */
export interface HousekeepingTask {
  /** Names the job in the log when it fails. */
  name: string;
  /** Does the job; stops early when `signal` is aborted (the server is closing). */
  run(app: FastifyInstance, now: Date, signal: AbortSignal): Promise<unknown>;
}

/** The jobs of every run, in order; each reports its own counts. Adding one is one entry here. */
export const housekeepingTasks: HousekeepingTask[] = [
  { name: 'expired-rows', run: (app, now, signal) => sweepExpired(app.db, now, app.log, { signal }) },
  // Photo files no applicant_photos row names any more (a deletion that failed, a race with a deletion).
  {
    name: 'orphaned-photos',
    run: (app, now) => removeOrphanedPhotos(app.db, app.objects, app.log, { now }),
  },
  // Document files no applicant_documents row names any more.
  {
    name: 'orphaned-documents',
    run: (app, now) => removeOrphanedDocuments(app.db, app.objects, app.log, { now }),
  },
  // Submissions of public forms past their retention, and their e-mails that could not be sent yet.
  { name: 'form-submissions', run: (app, now, signal) => sweepSubmissions(app, now, signal) },
  // Confirmation e-mails of submitted applications that could not be sent yet.
  { name: 'submission-emails', run: (app, now, signal) => retrySubmissionMails(app, now, signal) },
];

/** Runs every task once; a failing task is logged and the others still run. Logs how long the run took. */
export async function runHousekeeping(
  app: FastifyInstance,
  signal: AbortSignal,
  tasks: readonly HousekeepingTask[] = housekeepingTasks,
): Promise<void> {
  const started = Date.now();
  for (const task of tasks) {
    if (signal.aborted) return;
    try {
      await task.run(app, new Date(), signal);
    } catch (error) {
      app.log.error({ err: error, event: 'housekeeping', task: task.name }, 'housekeeping task failed');
    }
  }
  app.log.info({ event: 'housekeeping-finished', ms: Date.now() - started }, 'housekeeping run finished');
}

/**
 * Removes what has expired, shortly after the start and then every HOUSEKEEPING_INTERVAL_SECONDS (0: never).
 * Safe on several instances at once: every removal is idempotent. Stops with the server, letting a run in
 * progress finish its current statement first.
 */
export const housekeepingPlugin: FastifyPluginAsync = async (app) => {
  const intervalMs = app.config.housekeepingIntervalSeconds * 1000;
  if (intervalMs === 0) return;
  let schedule: HousekeepingSchedule | undefined;
  app.addHook('onReady', async () => {
    schedule = scheduleHousekeeping((signal) => runHousekeeping(app, signal), {
      firstRunDelayMs: Math.min(FIRST_RUN_DELAY_MS, intervalMs),
      intervalMs,
      log: app.log,
    });
    watchJob(app, 'housekeeping', schedule);
  });
  // Before the database closes (onClose), so no run is left talking to a closed pool.
  app.addHook('preClose', async () => {
    await schedule?.stop();
  });
};
