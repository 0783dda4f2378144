/**
 * Where a load's time goes on the servers, read from their Prometheus metrics (GET /metrics with the bench's token)
 * before and after a run: per route, the mean time of a call, the database statements it made, the time they
 * waited for a connection and the time they ran; what is left is the server's own work on its event loop (parsing,
 * checks, JSON, hashing) and waiting for it.
 */

/** A bearer token the bench's servers are started with (METRICS_TOKEN), to read their metrics. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** Every sample of a Prometheus text answer by its name and labels (`name{a="1",b="2"}`). */
export type Samples = Map<string, number>;

export function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** The metrics of every server, added up. */
export async function scrape(bases: string[]): Promise<Samples> {
  const total: Samples = new Map();
  for (const base of bases) {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
    if (!response.ok) throw new Error(`${base}/metrics answered ${response.status}`);
    for (const [key, value] of parseMetrics(await response.text())) total.set(key, (total.get(key) ?? 0) + value);
  }
  return total;
}

/** Labels of a sample key as an object. */
function labelsOf(key: string): Record<string, string> {
  const inner = /\{(.*)\}$/.exec(key)?.[1] ?? '';
  return Object.fromEntries([...inner.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

export interface RouteTime {
  route: string;
  calls: number;
  meanMs: number;
  statementsPerCall: number;
  waitMsPerCall: number;
  queryMsPerCall: number;
}

/** Per route (method and pattern), between two scrapes: calls, mean time, statements, pool wait and query time. */
export function routeTimes(before: Samples, after: Samples): RouteTime[] {
  const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const sums = new Map<string, { count: number; sum: number }>();
  const add = (name: string, route: string, key: string) => {
    const k = `${name} ${route}`;
    const entry = sums.get(k) ?? { count: 0, sum: 0 };
    if (key.includes('_count')) entry.count += delta(key);
    else entry.sum += delta(key);
    sums.set(k, entry);
  };
  for (const key of after.keys()) {
    const labels = labelsOf(key);
    if (/^http_request_duration_seconds_(sum|count)\{/.test(key)) add('http', `${labels.method} ${labels.route}`, key);
    if (/^eta_db_connection_wait_seconds_(sum|count)\{/.test(key)) add('wait', labels.route, key);
    if (/^eta_db_query_duration_seconds_(sum|count)\{/.test(key)) add('query', labels.route, key);
  }
  const rows: RouteTime[] = [];
  for (const [k, http] of sums) {
    if (!k.startsWith('http ') || http.count <= 0) continue;
    const route = k.slice(5);
    const pattern = route.slice(route.indexOf(' ') + 1);
    // Statements and waits are counted per pattern; a pattern answered by several methods shares them out.
    const methods = [...sums.keys()].filter((other) => other.startsWith('http ') && other.endsWith(` ${pattern}`));
    const share = methods.length > 1 ? http.count / methods.reduce((n, m) => n + (sums.get(m)?.count ?? 0), 0) : 1;
    const wait = sums.get(`wait ${pattern}`) ?? { count: 0, sum: 0 };
    const query = sums.get(`query ${pattern}`) ?? { count: 0, sum: 0 };
    rows.push({
      route,
      calls: http.count,
      meanMs: (http.sum / http.count) * 1000,
      statementsPerCall: (query.count * share) / http.count,
      waitMsPerCall: ((wait.sum * share) / http.count) * 1000,
      queryMsPerCall: ((query.sum * share) / http.count) * 1000,
    });
  }
  return rows.sort((a, b) => b.meanMs - a.meanMs);
}

/** Prints the table of routeTimes: "rest" is the server's own work on its event loop and the wait for it. */
export function printRouteTimes(rows: RouteTime[]): void {
  console.log(
    `${'route (server side)'.padEnd(58)} ${'calls'.padStart(6)} ${'mean ms'.padStart(8)} ${'stmts'.padStart(6)} ${'db wait'.padStart(8)} ${'db run'.padStart(7)} ${'rest'.padStart(7)}`,
  );
  for (const r of rows.filter((row) => !row.route.includes('/metrics') && !row.route.includes('/health'))) {
    const rest = r.meanMs - r.waitMsPerCall - r.queryMsPerCall;
    console.log(
      `${r.route.slice(0, 58).padEnd(58)} ${String(r.calls).padStart(6)} ${r.meanMs.toFixed(1).padStart(8)} ${r.statementsPerCall.toFixed(1).padStart(6)} ${r.waitMsPerCall.toFixed(1).padStart(8)} ${r.queryMsPerCall.toFixed(1).padStart(7)} ${rest.toFixed(1).padStart(7)}`,
    );
  }
}
