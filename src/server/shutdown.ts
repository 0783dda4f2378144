import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** Exit anyway after this long when requests do not finish (default 10 s). */
  timeoutMs?: number;
  exit?: (code: number) => void;
  /** Emits the signals (default: the process). */
  source?: Pick<EventEmitter, 'once'>;
  signals?: NodeJS.Signals[];
}

/**
 * On SIGTERM/SIGINT: stop accepting connections, let requests in flight finish, run the app's onClose hooks
 * (which close the database), then exit 0; exit 1 if that takes longer than the time-out or fails.
 */
export function installGracefulShutdown(app: FastifyInstance, options: ShutdownOptions = {}): void {
  const {
    timeoutMs = 10_000,
    exit = (code) => process.exit(code),
    source = process,
    signals = ['SIGTERM', 'SIGINT'],
  } = options;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, 'requests did not finish in time; exiting anyway');
      exit(1);
    }, timeoutMs);
    force.unref();
    app.close().then(
      () => {
        clearTimeout(force);
        app.log.info('shut down cleanly');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(force);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of signals) source.once(signal, () => shutdown(signal));
}
