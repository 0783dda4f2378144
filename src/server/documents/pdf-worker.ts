import { parentPort } from 'node:worker_threads';
import { inspectPdf, type PdfLimits, type PdfProblem } from './pdf-inspection';

/** A check asked of the worker: the file's bytes (transferred) and the limits to hold it to. */
export interface PdfJob {
  id: number;
  data: ArrayBuffer;
  limits: PdfLimits;
}

/** The worker's answer: the problem found, or a failure of the check itself. */
export type PdfJobResult = { id: number; problem: PdfProblem } | { id: number; failed: string };

/**
 * The worker thread that inspects PDFs (pdf-inspector.ts starts it): one file at a time, off the server's main
 * thread. pdf-lib's warnings about the objects it skips say nothing the answer does not, so they are silenced.
 */
const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread');
console.warn = () => {};
console.log = () => {};
port.on('message', (job: PdfJob) => {
  inspectPdf(new Uint8Array(job.data), job.limits).then(
    (problem) => port.postMessage({ id: job.id, problem } satisfies PdfJobResult),
    (error: unknown) =>
      port.postMessage({
        id: job.id,
        failed: error instanceof Error ? error.message : String(error),
      } satisfies PdfJobResult),
  );
});
port.postMessage('ready');
