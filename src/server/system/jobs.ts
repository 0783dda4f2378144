import type { FastifyInstance } from 'fastify';

/** A background job as readiness sees it: the times of its runs (see housekeeping/scheduler.ts). */
export interface WatchedJob {
  status(): {
    intervalMs: number;
    nextRunAt?: number;
    runningSince?: number;
    lastRunEndedAt?: number;
    stopped: boolean;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs of this instance by name (the decisions poller, housekeeping), watched by readiness. */
    jobs: Map<string, WatchedJob>;
  }
}

/** A run may take this long, or ten intervals when that is longer, before the job counts as stalled. */
const LONGEST_RUN_MS = 5 * 60_000;
/** A run may start this late, or one interval when that is longer (an event loop held up, a machine paused). */
const LATE_START_MS = 30_000;

/** Readiness watches `job` from now on (nothing happens where the system plugin is not registered, as in a test's bare app). */
export function watchJob(app: FastifyInstance, name: string, job: WatchedJob): void {
  if (app.hasDecorator('jobs')) app.jobs.set(name, job);
}

/** Why a job is not alive at `now`, or undefined when it is: its next run is planned and not overdue, or its run is not stalled. */
export function jobProblem(job: WatchedJob, now: number): string | undefined {
  const status = job.status();
  if (status.stopped) return 'stopped';
  if (status.runningSince !== undefined) {
    const limit = Math.max(LONGEST_RUN_MS, status.intervalMs * 10);
    return now - status.runningSince <= limit
      ? undefined
      : `running for ${Math.round((now - status.runningSince) / 1000)} s`;
  }
  if (status.nextRunAt === undefined) return 'not planned';
  const late = now - status.nextRunAt;
  return late <= Math.max(LATE_START_MS, status.intervalMs) ? undefined : `late by ${Math.round(late / 1000)} s`;
}
