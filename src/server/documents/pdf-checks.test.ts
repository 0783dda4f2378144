import { afterEach, describe, expect, it } from 'vitest';
import { createPdfChecker, type PdfChecker, type PdfCheckerOptions } from './pdf-checks';
import { PDF_LIMITS } from './pdf-inspection';
import { pdfFile } from './testing/files';
import { deflated, pdfWithStream, zerosDeflated } from './testing/pdf-bombs';

/** The checker's reports, kept to be read. */
function recordingLog() {
  const lines: { level: 'warn' | 'error'; details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    warn: (details: object, message: string) =>
      lines.push({ level: 'warn', details: details as Record<string, unknown>, message }),
    error: (details: object, message: string) =>
      lines.push({ level: 'error', details: details as Record<string, unknown>, message }),
  };
}

describe('checking PDFs in workers with time and memory limits', () => {
  let checker: PdfChecker | undefined;
  afterEach(async () => {
    await checker?.close();
    checker = undefined;
  });

  const start = (options: Partial<PdfCheckerOptions> = {}) => {
    const log = recordingLog();
    checker = createPdfChecker(log, options);
    return { checker, log };
  };

  it('stops a check over its time limit, refuses the file, and checks the next one in a new worker', async () => {
    // Limits that let the bomb expand for long: only the time limit stops it.
    const { checker, log } = start({
      timeLimitMs: 2000,
      limits: { ...PDF_LIMITS, decodedBytes: 64 * 1024 ** 3 },
    });
    expect(await checker.check(await pdfFile())).toBeUndefined();
    const slow = pdfWithStream('/Filter [/FlateDecode /FlateDecode]', deflated(await zerosDeflated(4096)), 'contents');
    expect(await checker.check(slow)).toBe('UNREADABLE');
    expect(log.lines).toEqual([
      {
        level: 'warn',
        details: { event: 'pdf-check-stopped', reason: 'time', limitMs: 2000 },
        message: 'PDF check stopped at its limit: file refused',
      },
    ]);
    expect(await checker.check(await pdfFile())).toBeUndefined();
  }, 60_000);

  it('stops a check over its memory limit, refuses the file, and checks the next one in a new worker', async () => {
    // Seven MiB of tiny objects in an object stream: within the decoding budget, but millions of objects to hold.
    const objects = Buffer.from(`[${'0 '.repeat(3.5 * 1024 * 1024)}]`, 'latin1');
    const crowded = pdfWithStream(
      '/Filter /FlateDecode',
      deflated(Buffer.concat([Buffer.from('5 0 '), objects])),
      'object stream',
    );
    const { checker, log } = start({ heapMb: 64 });
    expect(await checker.check(crowded)).toBe('UNREADABLE');
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        details: expect.objectContaining({ event: 'pdf-check-stopped', reason: 'memory' }),
      }),
    ]);
    expect(await checker.check(await pdfFile())).toBeUndefined();
  }, 60_000);

  it('runs at most the configured number of checks at once; the others wait their turn', async () => {
    const { checker } = start({ workers: 1 });
    const pdf = await pdfFile();
    const answers = await Promise.all(Array.from({ length: 4 }, () => checker.check(pdf)));
    expect(answers).toEqual([undefined, undefined, undefined, undefined]);
  }, 60_000);

  it('ends an idle worker and starts another for the next check', async () => {
    const { checker, log } = start({ idleMs: 50 });
    expect(await checker.check(await pdfFile())).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await checker.check(await pdfFile())).toBeUndefined();
    expect(log.lines).toEqual([]);
  }, 60_000);

  it('refuses to check once closed', async () => {
    const { checker } = start();
    expect(await checker.check(await pdfFile())).toBeUndefined();
    await checker.close();
    await expect(checker.check(await pdfFile())).rejects.toThrow(/closed/);
  }, 60_000);
});
