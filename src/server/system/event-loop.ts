import { performance } from 'node:perf_hooks';

/** How often the event loop's use is read, and so how recent "busy" is. */
const WINDOW_MS = 100;
/** Above this share of the last window spent running callbacks, the event loop counts as busy. */
export const BUSY_UTILISATION = 0.9;

let last: ReturnType<typeof performance.eventLoopUtilization> | undefined;
let recent = 0;

/**
 * Whether the server's event loop spent most of the last tenth of a second running callbacks (its utilisation over
 * BUSY_UTILISATION): work that can wait (a password hash, whose caller waits anyway) then makes way for the calls
 * already being answered. Read from a timer of its own, started at the first question, which never keeps the
 * process alive.
 */
export function eventLoopBusy(): boolean {
  if (!last) {
    last = performance.eventLoopUtilization();
    setInterval(() => {
      const now = performance.eventLoopUtilization();
      recent = performance.eventLoopUtilization(now, last).utilization;
      last = now;
    }, WINDOW_MS).unref();
  }
  return recent > BUSY_UTILISATION;
}
