import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MrzJob, MrzJobResult } from './mrz-worker';
import { notRead, type MrzReading } from './read';

export type { MrzReading } from './read';

export interface MrzReaderOptions {
  /** How long one reading may take; beyond it its worker is stopped and the MRZ taken as unread. */
  timeLimitMs: number;
  /** The V8 heap (old generation, MiB) of each worker. */
  heapMb: number;
  /** Readings at once, each in a worker of its own (each with its two OCR engines); further photos wait. */
  workers: number;
  /** An idle worker ends after this long (the next photo starts a new one, about two seconds). */
  idleMs: number;
}

/** 20 seconds and 256 MiB of heap per reading, one reading at a time, a worker kept 10 minutes. */
export const MRZ_READER_DEFAULTS: MrzReaderOptions = {
  timeLimitMs: 20_000,
  heapMb: 256,
  workers: 1,
  idleMs: 10 * 60_000,
};

export interface MrzReader {
  /** What the MRZ of a passport photo says; never throws for a photo (an unreadable one is `read: false`). */
  read(image: Buffer): Promise<MrzReading>;
  /** Starts a worker and its engines ahead of the first photo (about two seconds), so that it is read at once. */
  warm(): Promise<void>;
  /** Stops every worker; a reading still running answers unread. */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
}

const SELF = import.meta.url;

/** A white PNG of 1 x 1 pixel. */
const BLANK = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAG4nVJgAAAABJRU5ErkJggg==',
  'base64',
);

/** The address of tsx's ES module API (its `import` export; the CommonJS one cannot register from a worker). */
function tsxLoader(): string {
  const manifestPath = createRequire(SELF).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(manifestPath), manifest.exports['./esm/api'].import.default)).href;
}

/**
 * A worker running mrz-worker.ts. From TypeScript sources (tsx, the tests, the built server, whose modules keep
 * their source addresses) it registers tsx's loader before importing it; as JavaScript, mrz-worker.js beside this file.
 */
function startWorker(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb, stackSizeMb: 4 };
  if (!SELF.endsWith('.ts')) return new Worker(new URL('./mrz-worker.js', SELF), { resourceLimits });
  const entry = new URL('./mrz-worker.ts', SELF).href;
  const source = `import(${JSON.stringify(tsxLoader())}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(source, { eval: true, resourceLimits });
}

/**
 * Reads passports' MRZ where the work cannot stall the server: in worker threads (mrz-worker.ts) with a heap limit
 * and a time limit, each holding its OCR engines warm between photos (they run in threads of their own). A worker
 * over a limit is stopped and the photo answered unread; at most `workers` readings run at once.
 */
export function createMrzReader(options: Partial<MrzReaderOptions> = {}): MrzReader {
  const settings = { ...MRZ_READER_DEFAULTS, ...options };
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
      worker.once('exit', (code) => reject(new Error(`the MRZ worker exited with code ${code} while starting`)));
    });
    ready.catch(() => {});
    const slot: Slot = { worker, ready, busy: false };
    worker.on('error', () => slots.delete(slot));
    worker.on('exit', () => {
      clearTimeout(slot.idleTimer);
      slots.delete(slot);
    });
    slots.add(slot);
    return slot;
  };

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

  /** One reading in a ready worker: its answer, or unread when the worker fails or is stopped. */
  const runIn = (slot: Slot, image: Buffer): Promise<MrzReading> =>
    new Promise((resolve) => {
      const id = (nextId += 1);
      let settled = false;
      const finish = (reading: MrzReading) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        slot.worker.off('message', onMessage);
        slot.worker.off('error', stopped);
        slot.worker.off('exit', stopped);
        resolve(reading);
      };
      const stopped = () => {
        retire(slot);
        finish(notRead('UNREADABLE_IMAGE'));
      };
      const outOfTime = () => {
        retire(slot);
        finish(notRead('NO_TIME'));
      };
      const onMessage = (message: MrzJobResult) => {
        if (message.id !== id) return;
        finish('failed' in message ? notRead('UNREADABLE_IMAGE') : message.reading);
      };
      const timer = setTimeout(outOfTime, settings.timeLimitMs);
      slot.worker.on('message', onMessage);
      slot.worker.once('error', stopped);
      slot.worker.once('exit', stopped);
      const copy = new Uint8Array(image).buffer;
      slot.worker.postMessage({ id, image: copy } satisfies MrzJob, [copy]);
    });

  return {
    async read(image) {
      if (running >= settings.workers && !closed) await new Promise<void>((resolve) => waiting.push(resolve));
      if (closed) throw new Error('the MRZ reader is closed');
      running += 1;
      const slot = [...slots].find((candidate) => !candidate.busy) ?? newSlot();
      slot.busy = true;
      clearTimeout(slot.idleTimer);
      try {
        try {
          await slot.ready;
        } catch (error) {
          retire(slot);
          throw error;
        }
        return await runIn(slot, image);
      } finally {
        release(slot);
      }
    },
    async warm() {
      // A blank picture too small to hold an MRZ still starts both engines (the worker starts them with its first job).
      await this.read(BLANK);
    },
    async close() {
      closed = true;
      for (const resolve of waiting.splice(0)) resolve();
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}

let shared: MrzReader | undefined;

/**
 * What the MRZ of a passport photo (JPEG, PNG or WebP) says, read in the process's shared reader (created on first
 * use, with MRZ_READER_DEFAULTS; its worker does not keep the process alive).
 */
export function readPassportMrz(image: Buffer): Promise<MrzReading> {
  shared ??= createMrzReader();
  return shared.read(image);
}
