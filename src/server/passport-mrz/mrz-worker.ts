import { parentPort } from 'node:worker_threads';
import { startEngine } from './ocr';
import { readMrz, type Engines, type MrzReading } from './read';

/** A photo to read, its bytes transferred to the worker. */
export interface MrzJob {
  id: number;
  image: ArrayBuffer;
}

/** The worker's answer: the reading, or a failure of the reading itself. */
export type MrzJobResult = { id: number; reading: MrzReading } | { id: number; failed: string };

/**
 * The worker thread that reads passports' MRZ (reader.ts starts it): one photo at a time, off the server's main
 * thread. Its two OCR engines are started with its first photo (about two seconds) and kept for the next ones.
 */
const port = parentPort;
if (!port) throw new Error('mrz-worker.ts runs as a worker thread');
let engines: Promise<Engines> | undefined;

const start = async (): Promise<Engines> => {
  const [lstm, legacy] = await Promise.all([startEngine('lstm'), startEngine('legacy')]);
  return { lstm, legacy };
};

port.on('message', (job: MrzJob) => {
  // The engines start with the first photo, before it is looked at: a warm-up's blank picture starts them too.
  engines ??= start().catch((error: unknown) => {
    engines = undefined;
    throw error;
  });
  engines
    .then((ready) => readMrz(Buffer.from(job.image), ready))
    .then(
      (reading) => port.postMessage({ id: job.id, reading } satisfies MrzJobResult),
      (error: unknown) =>
        port.postMessage({
          id: job.id,
          failed: error instanceof Error ? error.message : String(error),
        } satisfies MrzJobResult),
    );
});
port.postMessage('ready');
