import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_LIMITS, type PdfLimits, type PdfProblem } from './pdf-inspection';
import type { PdfJob, PdfJobResult } from './pdf-worker';

export type { PdfProblem } from './pdf-inspection';

export interface PdfCheckerOptions {
  /** How long one check may run; beyond it its worker is stopped and the file refused as unreadable. */
  timeLimitMs: number;
  /** The V8 heap (old generation, MiB) of each worker; a check that needs more stops its worker the same way. */
  heapMb: number;
  /** Checks that run at once, each in a worker of its own; further files wait their turn. */
  workers: number;
  /** An idle worker ends after this long (the next check starts a new one). */
  idleMs: number;
  limits: PdfLimits;
}

/** 20 seconds and 256 MiB of heap per check, two checks at once, PDF_LIMITS. */
export const PDF_CHECKER_DEFAULTS: PdfCheckerOptions = {
  timeLimitMs: 20_000,
  heapMb: 256,
  workers: 2,
  idleMs: 5 * 60_000,
  limits: PDF_LIMITS,
};

/** Where the checker reports a check it stopped, and a worker that could not start. */
export interface PdfCheckerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PdfChecker {
  /** The problem that refuses a file that starts like a PDF, or undefined; throws only when no worker can start. */
  check(data: Uint8Array): Promise<PdfProblem>;
  /** Stops every worker; a check still running refuses its file. */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  /** Settles once the worker has loaded its modules. */
  ready: Promise<void>;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
}

const SELF = import.meta.url;

/**
 * A worker running pdf-worker.ts. Run from TypeScript sources (tsx, the tests), the worker registers tsx's loader
 * before importing it; built to JavaScript, pdf-worker.js beside this file is started as it is.
 */
function startWorker(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb, stackSizeMb: 4 };
  if (!SELF.endsWith('.ts')) return new Worker(new URL('./pdf-worker.js', SELF), { resourceLimits });
  const entry = new URL('./pdf-worker.ts', SELF).href;
  const source = `import(${JSON.stringify(tsxLoader())}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(source, { eval: true, resourceLimits });
}

/** The address of tsx's ES module API (its `import` export; the CommonJS one cannot register from a worker). */
function tsxLoader(): string {
  const manifestPath = createRequire(SELF).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(manifestPath), manifest.exports['./esm/api'].import.default)).href;
}

/**
 * Checks PDFs where a hostile one cannot stall the server: each check runs in a worker thread (pdf-worker.ts)
 * with a heap limit and a time limit, and a worker over either is stopped and the file refused as unreadable,
 * while the main thread goes on answering every other request. Workers are kept between checks and end when
 * idle; at most `workers` run at once.
 */
export function createPdfChecker(log: PdfCheckerLog, options: Partial<PdfCheckerOptions> = {}): PdfChecker {
  const settings = { ...PDF_CHECKER_DEFAULTS, ...options };
  const slots = new Set<Slot>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let nextId = 0;
  let closed = false;

  const newSlot = (): Slot => {
    const worker = startWorker(settings.heapMb);
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', (message: unknown) =>
        message === 'ready' ? resolve() : reject(new Error('unexpected first message')),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the PDF worker exited with code ${code} while starting`)));
    });
    // Nobody may be waiting yet: a failed start is reported to the check that awaits it.
    ready.catch(() => {});
    const slot: Slot = { worker, ready, busy: false };
    // A check listens for its worker's failure itself; a failure between checks only retires the worker.
    worker.on('error', () => slots.delete(slot));
    worker.on('exit', () => {
      clearTimeout(slot.idleTimer);
      slots.delete(slot);
    });
    slots.add(slot);
    return slot;
  };

  const idleSlot = () => [...slots].find((slot) => !slot.busy) ?? newSlot();

  /** Stops a worker at once: no check is given to it any more, even before it has exited. */
  const retire = (slot: Slot) => {
    clearTimeout(slot.idleTimer);
    slots.delete(slot);
    void slot.worker.terminate();
  };

  const release = (slot: Slot) => {
    slot.busy = false;
    running -= 1;
    if (slots.has(slot)) {
      slot.idleTimer = setTimeout(() => retire(slot), settings.idleMs);
      slot.idleTimer.unref();
    }
    waiting.shift()?.();
  };

  /** Runs one check in a ready worker: its answer, or UNREADABLE when the worker is stopped or fails. */
  const runIn = (slot: Slot, data: Uint8Array): Promise<PdfProblem> =>
    new Promise((resolve) => {
      const id = (nextId += 1);
      let settled = false;
      const finish = (problem: PdfProblem) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        slot.worker.off('message', onMessage);
        slot.worker.off('error', onError);
        slot.worker.off('exit', onExit);
        resolve(problem);
      };
      const stopped = (reason: string, details: object = {}) => {
        log.warn({ event: 'pdf-check-stopped', reason, ...details }, 'PDF check stopped at its limit: file refused');
        retire(slot);
        finish('UNREADABLE');
      };
      const onMessage = (message: PdfJobResult) => {
        if (message.id !== id) return;
        if ('failed' in message) {
          log.warn({ event: 'pdf-check-failed', reason: message.failed }, 'PDF check failed: file refused');
          finish('UNREADABLE');
        } else finish(message.problem);
      };
      const onError = (error: Error & { code?: string }) =>
        stopped(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'error', { code: error.code });
      const onExit = () => stopped('exit');
      const timer = setTimeout(() => stopped('time', { limitMs: settings.timeLimitMs }), settings.timeLimitMs);
      slot.worker.on('message', onMessage);
      slot.worker.once('error', onError);
      slot.worker.once('exit', onExit);
      // A copy of its own, handed over to the worker without another copy.
      const copy = new Uint8Array(data).buffer;
      slot.worker.postMessage({ id, data: copy, limits: settings.limits } satisfies PdfJob, [copy]);
    });

  return {
    async check(data) {
      if (running >= settings.workers && !closed) await new Promise<void>((resolve) => waiting.push(resolve));
      if (closed) throw new Error('the PDF checker is closed');
      running += 1;
      const slot = idleSlot();
      slot.busy = true;
      clearTimeout(slot.idleTimer);
      try {
        try {
          await slot.ready;
        } catch (error) {
          log.error({ err: error, event: 'pdf-worker-failed' }, 'the PDF worker could not start');
          retire(slot);
          throw error;
        }
        return await runIn(slot, data);
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      for (const resolve of waiting.splice(0)) resolve();
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}
