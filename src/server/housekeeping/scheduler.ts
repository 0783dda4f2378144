import type { FastifyBaseLogger } from 'fastify';

/** A running schedule; `stop` ends it (see scheduleHousekeeping). */
export interface HousekeepingSchedule {
  /** Stops planning runs and asks a run in progress to stop; resolves once it has. */
  stop(): Promise<void>;
  /** Where the schedule stands, for readiness: a run that never comes or never ends is a job that stalled. */
  status(): ScheduleStatus;
}

/** Times (epoch milliseconds) of a schedule's runs. */
export interface ScheduleStatus {
  intervalMs: number;
  /** When the next run is planned; undefined while one runs or once stopped. */
  nextRunAt?: number;
  /** When the run in progress started; undefined between runs. */
  runningSince?: number;
  /** When the last run ended (undefined before the first). */
  lastRunEndedAt?: number;
  stopped: boolean;
}

export interface ScheduleOptions {
  /** Milliseconds from the start to the first run. */
  firstRunDelayMs: number;
  /** Milliseconds from the end of one run to the start of the next. */
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Runs `run` shortly after the start and then again and again, never two at once: the next run is planned when
 * one ends. A failing run is logged and the schedule goes on. The timers do not keep the process alive. `run`
 * gets a signal that is aborted when the schedule stops, to end between two steps.
 */
export function scheduleHousekeeping(
  run: (signal: AbortSignal) => Promise<unknown>,
  options: ScheduleOptions,
): HousekeepingSchedule {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let nextRunAt: number | undefined;
  let runningSince: number | undefined;
  let lastRunEndedAt: number | undefined;

  const plan = (delayMs: number) => {
    if (controller.signal.aborted) return;
    nextRunAt = Date.now() + delayMs;
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

  function tick() {
    timer = undefined;
    nextRunAt = undefined;
    runningSince = Date.now();
    running = (async () => {
      try {
        await run(controller.signal);
      } catch (error) {
        options.log.error({ err: error, event: 'housekeeping' }, 'housekeeping failed');
      }
    })().finally(() => {
      running = undefined;
      runningSince = undefined;
      lastRunEndedAt = Date.now();
      plan(options.intervalMs);
    });
  }

  plan(options.firstRunDelayMs);
  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      timer = undefined;
      nextRunAt = undefined;
      await running;
    },
    status: () => ({
      intervalMs: options.intervalMs,
      nextRunAt,
      runningSince,
      lastRunEndedAt,
      stopped: controller.signal.aborted,
    }),
  };
}
