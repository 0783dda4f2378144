import { constants, createInflate } from 'node:zlib';
import type { Sink } from './sink';

/** Flate (zlib) data, inflated in chunks; a truncated or broken stream gives what it held up to the break. */
export function inflate(input: Uint8Array, sink: Sink): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    let failed: unknown;
    inflater.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        sink(chunk);
      } catch (error) {
        failed = error;
        inflater.destroy();
        reject(error);
      }
    });
    inflater.on('error', () => (failed ? undefined : resolve()));
    inflater.on('end', () => (failed ? undefined : resolve()));
    inflater.on('close', () => (failed ? undefined : resolve()));
    inflater.end(input);
  });
}
