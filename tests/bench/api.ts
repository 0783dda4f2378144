import type { AddressInfo } from 'node:net';
import { buildTestApp } from '../../src/server/testing/harness';

export interface LoadResult {
  name: string;
  requests: number;
  concurrency: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The p-th percentile of ascending values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Sends `requests` requests, `concurrency` at a time, and reports throughput and latency percentiles (ms). */
async function load(
  name: string,
  requests: number,
  concurrency: number,
  send: () => Promise<Response>,
  expected: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  // Warm up (JIT, connection pool, prepared statements) before anything is measured.
  await Promise.all(Array.from({ length: concurrency }, async () => (await send()).arrayBuffer()));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        const response = await send();
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (response.status !== expected) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests,
    concurrency,
    perSecond: requests / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/**
 * Runs the reference API on the embedded database (or PostgreSQL on TEST_DATABASE_URL's cluster) and loads a few
 * representative calls on loopback, `concurrency` clients at a time.
 */
export async function apiLatency(db: 'sqlite' | 'postgres' = 'sqlite', concurrency = 50): Promise<LoadResult[]> {
  const app = await buildTestApp({ db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const results: LoadResult[] = [];
    results.push(await load('GET /health', 3000, concurrency, () => fetch(`${base}/health`), 200));
    results.push(await load('GET /envs', 3000, concurrency, () => fetch(`${base}/envs`), 200));
    results.push(
      await load(
        'GET /api/eta/static/countries?search=fr',
        2000,
        concurrency,
        () => fetch(`${base}/api/eta/static/countries?search=fr`),
        200,
      ),
    );
    results.push(
      await load(
        'POST /api/eta/profile/login (invalid body)',
        2000,
        concurrency,
        () =>
          fetch(`${base}/api/eta/profile/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'not-an-address', password: '' }),
          }),
        400,
      ),
    );
    return results;
  } finally {
    await app.close();
  }
}
