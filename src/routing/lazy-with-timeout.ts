import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** How long a script chunk may take to load. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The message a failed chunk load raises. */
export const CHUNK_LOAD_FAILED = 'Loading chunk failed';

/** A page's code could not be downloaded (missing chunk, network failure or time-out). */
export class ChunkLoadError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(CHUNK_LOAD_FAILED, options);
    this.name = 'ChunkLoadError';
  }
}

/** True for a failed chunk load, including the browsers' own dynamic-import failures. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    error.message.includes(CHUNK_LOAD_FAILED) ||
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/** Runs a dynamic import, turning a failure or a load longer than `timeoutMs` into a ChunkLoadError. */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError({ cause }));
      },
    );
  });
}

/** React.lazy with the chunk time-out; a failure reaches the route's error element as a ChunkLoadError. */
export function lazyWithTimeout<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => importWithTimeout(load, timeoutMs));
}
