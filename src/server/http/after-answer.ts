import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request leaves to run after its answer is sent (an e-mail, so that how long the answer takes says nothing
 * of whether an address is known): one queue per app, awaited when the server closes, its failures logged.
 */
export interface AfterAnswerQueue {
  /** Runs `task` once the answer has gone (on the next turn of the event loop); a failure is logged as `what`. */
  run(log: FastifyBaseLogger, what: string, task: () => Promise<void>): void;
  /** Resolves once every task queued so far, and every task they queued, has ended. */
  settled(): Promise<void>;
}

export function createAfterAnswerQueue(): AfterAnswerQueue {
  const pending = new Set<Promise<void>>();
  return {
    run(log, what, task) {
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
