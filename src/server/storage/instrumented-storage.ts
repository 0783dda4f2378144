import { recordObjectStore } from '../system/public';
import { SpanKind, withSpan } from '../telemetry/public';
import type { ObjectStorage } from './object-storage';

const TRACED = ['put', 'get', 'delete'] as const;

/**
 * The store with each put, get and delete traced as a span of the current trace and counted with its time; every
 * other member is the store's own (a test may still reach LocalDiskStorage's files).
 */
export function instrumentedStorage<T extends ObjectStorage>(store: T, system: 'disk' | 's3'): T {
  const traced = new Map<string | symbol, unknown>(
    TRACED.map((operation) => [
      operation,
      (key: string, ...rest: unknown[]) =>
        withSpan(
          `object store ${operation}`,
          {
            kind: SpanKind.CLIENT,
            attributes: { 'eta.object_store': system, 'eta.object_key_folder': key.split('/')[0] },
          },
          async () => {
            const started = performance.now();
            let result: 'ok' | 'error' = 'error';
            try {
              const value = await (store[operation] as (...args: unknown[]) => Promise<unknown>).call(
                store,
                key,
                ...rest,
              );
              result = 'ok';
              return value;
            } finally {
              recordObjectStore(operation, result, (performance.now() - started) / 1000);
            }
          },
        ),
    ]),
  );
  return new Proxy(store, {
    get(target, property) {
      if (traced.has(property)) return traced.get(property);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
