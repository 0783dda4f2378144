import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One piece of argon2 work, as a hashing thread takes it. */
export type HashJob =
  | { op: 'hash'; password: string; options: object }
  | { op: 'verify'; hash: string; password: string }
  | { op: 'priority' };

/** What a hashing thread answers: the job's value, or why it failed. */
type HashAnswer = { id: number; value: string | boolean | number } | { id: number; error: string };

/**
 * The code of a hashing thread: it lowers its own CPU priority, then runs each job it is given synchronously with
 * argon2. On Linux a nice value belongs to a thread, not to the process, so only this thread yields to the
 * server's other work; elsewhere it keeps the priority it was started with (there the value is the process's).
 */
const HASHING_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const os = require('node:os');
const argon2 = require(workerData.argon2);
if (workerData.lowerPriority) os.setPriority(os.constants.priority.PRIORITY_LOW);
parentPort.on('message', ({ id, job }) => {
  try {
    const value =
      job.op === 'hash' ? argon2.hashSync(job.password, job.options)
      : job.op === 'verify' ? argon2.verifySync(job.hash, job.password)
      : os.getPriority();
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

export interface PasswordHasher {
  /** Runs a job on the next free thread; jobs beyond the threads wait their turn, the longest waiting first. */
  run(job: HashJob): Promise<string | boolean | number>;
  /** Jobs waiting for a thread (or for their turn while the server is busy). */
  waiting(): number;
  /** The latest jobs handed to a thread (at most `STARTED_KEPT`), in the order they were, as the pool decided it. */
  started(): readonly StartedJob[];
  /** Stops the threads; a job still waiting or running fails. */
  close(): Promise<void>;
}

export interface PasswordHasherOptions {
  /** Hashes that run at once, each on a thread of its own. */
  threads: number;
  /** The threads take the lowest CPU priority (Linux only, where it is a thread's own). */
  lowerPriority: boolean;
  /** The code each thread runs (HASHING_THREAD; tests give their own). */
  source?: string;
  /**
   * Whether the server is busy with other work: while it is, a hash starts at most every `pacedGapMs`, so that
   * sign-ins wait for the calls of those already signed in rather than add to them.
   */
  busy?: () => boolean;
  pacedGapMs?: number;
}

/** While paced, how often a waiting job asks again whether the server is still busy. */
const PACED_RECHECK_MS = 20;

/** How many started jobs the pool remembers: enough to see its pacing, bounded whatever the traffic. */
export const STARTED_KEPT = 64;

/**
 * A job as the pool started it, read on the server's own thread with the clock the pacing uses
 * (`performance.now()`), so that its order and gaps are the pool's decisions, not the threads' timing.
 */
export interface StartedJob {
  /** The job's place in the order `run` was called (1 for the first). */
  asked: number;
  /** When the pool handed it to a thread. */
  startedAt: number;
  /** Jobs on threads at that moment, this one included. */
  running: number;
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

interface Settle {
  resolve: (value: string | boolean | number) => void;
  reject: (error: Error) => void;
}

/**
 * argon2 on threads of its own, at most `threads` hashes at once. A hash keeps a core busy for tens of
 * milliseconds on purpose: run at the lowest priority, a burst of sign-ins uses the cores only as far as the
 * server's other work (and the database beside it) leaves them free, instead of making every other call wait; and
 * while the server is `busy`, hashes start no closer together than `pacedGapMs`.
 * Threads start when first needed and are kept; an idle one does not keep the process alive.
 */
export function createPasswordHasher({
  threads,
  lowerPriority,
  source = HASHING_THREAD,
  busy = () => false,
  pacedGapMs = 0,
}: PasswordHasherOptions): PasswordHasher {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const slots: Slot[] = [];
  const waiting: (Settle & { job: HashJob; asked: number })[] = [];
  const pending = new Map<number, Settle & { slot: Slot }>();
  const started: StartedJob[] = [];
  let asked = 0;
  let nextId = 0;
  let closed = false;
  let lastStart = -Infinity;
  let paced: NodeJS.Timeout | undefined;

  const startSlot = (): Slot => {
    const worker = new Worker(source, {
      eval: true,
      workerData: { argon2, lowerPriority: lowerPriority && process.platform === 'linux' },
    });
    const slot: Slot = { worker, busy: false };
    // A thread that fails or ends fails the job it had; the next job starts a new thread in its place.
    const retire = (error: Error) => {
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      for (const [id, job] of pending) {
        if (job.slot !== slot) continue;
        pending.delete(id);
        job.reject(error);
      }
      next();
    };
    worker.on('error', retire);
    worker.on('exit', (code) => retire(new Error(`a password hashing thread ended (code ${code})`)));
    worker.on('message', (answer: HashAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      slot.busy = false;
      worker.unref();
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(answer.value);
      next();
    });
    slots.push(slot);
    return slot;
  };

  const freeSlot = (): Slot | undefined =>
    slots.find((slot) => !slot.busy) ?? (slots.length < threads ? startSlot() : undefined);

  const next = () => {
    while (!closed && waiting.length > 0) {
      const wait = lastStart + pacedGapMs - performance.now();
      if (wait > 0 && busy()) {
        paced ??= setTimeout(
          () => {
            paced = undefined;
            next();
          },
          Math.min(wait, PACED_RECHECK_MS),
        );
        return;
      }
      const slot = freeSlot();
      if (!slot) return;
      const { job, asked: place, resolve, reject } = waiting.shift()!;
      const id = (nextId += 1);
      lastStart = performance.now();
      slot.busy = true;
      pending.set(id, { resolve, reject, slot });
      started.push({ asked: place, startedAt: lastStart, running: pending.size });
      if (started.length > STARTED_KEPT) started.shift();
      // A thread with a job keeps the process alive until it answers; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ id, job });
    }
  };

  return {
    run(job) {
      if (closed) return Promise.reject(new Error('the password hasher is closed'));
      return new Promise((resolve, reject) => {
        waiting.push({ job, asked: (asked += 1), resolve, reject });
        next();
      });
    },
    waiting: () => waiting.length,
    started: () => [...started],
    async close() {
      closed = true;
      clearTimeout(paced);
      const error = new Error('the password hasher is closed');
      for (const job of waiting.splice(0)) job.reject(error);
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
