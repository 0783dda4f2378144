import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { startDraining } from './system/public';

export interface ShutdownOptions {
  /** Exit anyway after this long when requests do not finish (default SHUTDOWN_TIMEOUT_SECONDS, 10 s). */
  timeoutMs?: number;
  /**
   * How long the instance keeps answering after readiness turned "draining", so that a load balancer has seen it
   * and sends new requests elsewhere before connections are refused (default SHUTDOWN_DRAIN_SECONDS, 0).
   */
  drainMs?: number;
  exit?: (code: number) => void;
  /** Emits the signals (default: the process). */
  source?: Pick<EventEmitter, 'once'>;
  signals?: NodeJS.Signals[];
}

/**
 * On SIGTERM/SIGINT: answer "not ready" (GET /health/ready) and keep serving for the drain time, then stop
 * accepting connections, let requests in flight finish, run the app's onClose hooks (which close the database), then
 * exit 0; exit 1 if closing takes longer than the time-out or fails.
 */
export function installGracefulShutdown(app: FastifyInstance, options: ShutdownOptions = {}): void {
  const {
    timeoutMs = (app.config?.shutdown.timeoutSeconds ?? 10) * 1000,
    drainMs = (app.config?.shutdown.drainSeconds ?? 0) * 1000,
    exit = (code) => process.exit(code),
    source = process,
    signals = ['SIGTERM', 'SIGINT'],
  } = options;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    startDraining(app);
    app.log.info({ signal, drainMs }, 'shutting down: draining, then finishing requests in flight');
    let force: NodeJS.Timeout | undefined;
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => {
        force = setTimeout(() => {
          app.log.error({ timeoutMs }, 'requests did not finish in time; exiting anyway');
          exit(1);
        }, timeoutMs);
        force.unref();
        return app.close();
      })
      .then(
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
