/**
 * The single-call API figures of `npm run bench`: a real server process (src/server/main.ts) per database, loaded
 * from the bench's own process by `concurrency` clients, each keeping one keep-alive connection as a browser would,
 * opened and warmed before anything is measured. The client's work and garbage collection thus stay out of the
 * server's event loop, and the latencies are the server's plus loopback.
 */
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { benchPort, openLoadDatabase, startServerProcess } from './servers';

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

interface Call {
  name: string;
  requests: number;
  method: string;
  path: string;
  body?: string;
  expected: number;
}

/** The calls measured, each `requests` times: cheap ones that tell what the server itself costs per request. */
export const CALLS: Call[] = [
  { name: 'GET /health', requests: 3000, method: 'GET', path: '/health', expected: 200 },
  { name: 'GET /envs', requests: 3000, method: 'GET', path: '/envs', expected: 200 },
  {
    name: 'GET /api/eta/static/countries?search=fr',
    requests: 2000,
    method: 'GET',
    path: '/api/eta/static/countries?search=fr',
    expected: 200,
  },
  {
    name: 'POST /api/eta/profile/login (invalid body)',
    requests: 2000,
    method: 'POST',
    path: '/api/eta/profile/login',
    body: JSON.stringify({ email: 'not-an-address', password: '' }),
    expected: 400,
  },
];

/**
 * Requests of each call sent before it is measured, and at least that many per client: the server's code runs
 * optimised (JIT), its pools and prepared statements are ready, and each client's connection is open.
 */
const WARM_UP = 1000;
const WARM_UP_PER_CLIENT = 5;

/** One client: one keep-alive connection, one request at a time; answers the status once the body has arrived. */
function clientOf(base: URL) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (call: Call) =>
    new Promise<number>((resolve) => {
      const headers: Record<string, string> = {};
      if (call.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(call.body));
      }
      const req = request(
        { host: base.hostname, port: base.port, method: call.method, path: call.path, headers, agent },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(call.body);
    });
  return { send, close: () => agent.destroy() };
}

/** Sends the call's requests, `clients` at a time, and reports throughput and latency percentiles (ms). */
async function load(call: Call, clients: ReturnType<typeof clientOf>[]): Promise<LoadResult> {
  const warmUp = Math.ceil(Math.max(WARM_UP, WARM_UP_PER_CLIENT * clients.length) / clients.length);
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < warmUp; i++) await client.send(call);
    }),
  );
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (next < call.requests) {
        next += 1;
        const t0 = performance.now();
        const status = await client.send(call);
        latencies.push(performance.now() - t0);
        if (status !== call.expected) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: call.name,
    requests: call.requests,
    concurrency: clients.length,
    perSecond: call.requests / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/**
 * Starts the reference API as its own process on the embedded database (a temporary data folder) or on a new
 * PostgreSQL database of TEST_DATABASE_URL's cluster, and loads each call on loopback at each concurrency in turn.
 */
export async function apiLatency(db: 'sqlite' | 'postgres', concurrencies: number[]): Promise<LoadResult[][]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'eta-api-bench-'));
  const database = await openLoadDatabase(db, dataDir);
  const env = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('base64url'), ...database.env };
  const server = await startServerProcess(benchPort(2), env).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  try {
    const base = new URL(server.base);
    const runs: LoadResult[][] = [];
    for (const concurrency of concurrencies) {
      const clients = Array.from({ length: concurrency }, () => clientOf(base));
      try {
        const results: LoadResult[] = [];
        for (const call of CALLS) results.push(await load(call, clients));
        runs.push(results);
      } finally {
        for (const client of clients) client.close();
      }
    }
    return runs;
  } catch (error) {
    console.error(server.output.join('').slice(-4000));
    throw error;
  } finally {
    await server.stop();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
