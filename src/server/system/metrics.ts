import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { currentRoute } from './request-id';

/**
 * The server's Prometheus metrics, one registry per process (`GET /metrics`, see routes.ts). Areas record what
 * happens to them through the functions below, where it happens; gauges that describe the database (decisions due,
 * e-mails waiting, the pool) are read when the metrics are asked for (see gauges.ts).
 */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry });

/** Request latencies are counted in these buckets (seconds): the API's budget is 250 ms at the 99th percentile. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route (its pattern, not the address asked) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route and class of status (2xx, 4xx, 5xx).',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

const dbWait = new Histogram({
  name: 'eta_db_connection_wait_seconds',
  help: 'Time a query or transaction waited for a database connection (the PostgreSQL pool, or SQLite’s one connection), by database and route ("background" for jobs).',
  labelNames: ['database', 'route'] as const,
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [metricsRegistry],
});

const dbQuery = new Histogram({
  name: 'eta_db_query_duration_seconds',
  help: 'Time of one database statement, by database and route ("background" for jobs): its count per request shows how many statements a call makes.',
  labelNames: ['database', 'route'] as const,
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [metricsRegistry],
});

const uploadsRefused = new Counter({
  name: 'eta_uploads_refused_total',
  help: 'Uploaded files refused, by what was uploaded (document, photo) and the reason code answered.',
  labelNames: ['kind', 'reason'] as const,
  registers: [metricsRegistry],
});

const signInThrottled = new Counter({
  name: 'eta_sign_in_throttled_total',
  help: 'Sign-ins, codes and e-mails held back by the throttle, by what was limited (account, client, ...).',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
});

/** Reads how many password hashes wait their turn (watchHashesWaiting); none until the hasher says. */
let readHashesWaiting = (): number => 0;

new Gauge({
  name: 'eta_password_hashes_waiting',
  help: 'Sign-ins, registrations and password changes waiting for their password hash (a burst of sign-ins queues here, and while the event loop is busy hashes start spaced out).',
  registers: [metricsRegistry],
  collect() {
    this.set(readHashesWaiting());
  },
});

const mailsSent = new Counter({
  name: 'eta_emails_sent_total',
  help: 'E-mails handed to the transport, by transport and result (sent, failed).',
  labelNames: ['transport', 'result'] as const,
  registers: [metricsRegistry],
});

const objectStore = new Histogram({
  name: 'eta_object_store_duration_seconds',
  help: 'Time of one object store call, by operation (put, get, delete) and result (ok, error).',
  labelNames: ['operation', 'result'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Names what tells how many password hashes wait their turn, read each time the metrics are collected. */
export function watchHashesWaiting(read: () => number): void {
  readHashesWaiting = read;
}

/** Counts one answered request: `route` is the matched route's pattern ("not-found" for none). */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  httpRequests.inc({ method, route, status: String(status) });
  httpDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
}

/** Counts how long a statement or transaction waited for a connection, under the route being answered. */
export function recordDatabaseWait(database: string, seconds: number): void {
  dbWait.observe({ database, route: currentRoute() }, seconds);
}

/** Counts one statement and its time, under the route being answered. */
export function recordDatabaseQuery(database: string, seconds: number): void {
  dbQuery.observe({ database, route: currentRoute() }, seconds);
}

/** Counts a refused upload: `kind` is what was uploaded, `reason` the code the applicant was answered. */
export function recordUploadRefused(kind: 'document' | 'photo', reason: string): void {
  uploadsRefused.inc({ kind, reason });
}

/** Counts an attempt the throttle held back: `limit` names which limit (account, client, code, email, ...). */
export function recordThrottled(limit: string): void {
  signInThrottled.inc({ limit });
}

/** Counts an e-mail handed to the transport, sent or failed. */
export function recordMailSent(transport: string, result: 'sent' | 'failed'): void {
  mailsSent.inc({ transport, result });
}

/** Counts one object store call and its time. */
export function recordObjectStore(operation: string, result: 'ok' | 'error', seconds: number): void {
  objectStore.observe({ operation, result }, seconds);
}
