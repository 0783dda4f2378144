import { createServer } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_SETTING_KEYS } from '../config';
import { buildTestApp, databases } from '../testing/harness';
import { startDraining, watchJob } from './public';

/** A loopback port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const METRICS_TOKEN = 'metrics-token-of-the-tests';

const DETAILED = { authorization: `Bearer ${METRICS_TOKEN}` };

describe.each(databases())('system routes on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, env: { METRICS_TOKEN } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('GET /health answers ok after asking the database', async () => {
    const response = await app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /health/live answers while the process runs, GET /health/ready once every check passes', async () => {
    const live = await app.inject({ url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/health/ready', headers: DETAILED });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: {
        draining: 'ok',
        database: 'ok',
        objectStore: 'ok',
        'job:decisions': 'ok',
        'job:housekeeping': 'ok',
      },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('GET /health/ready tells anyone else whether the instance is ready and nothing more', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-metrics-token' }, { authorization: METRICS_TOKEN }]) {
      const ready = await app.inject({ url: '/health/ready', headers });
      expect(ready.statusCode).toBe(200);
      expect(ready.body).toBe('{"status":"ready"}');
      expect(ready.headers['cache-control']).toBe('no-store');
    }
  });
});

describe.each(databases())('readiness on %s', (kind) => {
  it('is not ready while a migration this server knows has not run', async () => {
    const app = await buildTestApp({ db: kind, env: { METRICS_TOKEN } });
    try {
      await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(app.db);
      const response = await app.inject({ url: '/health/ready', headers: DETAILED });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'not-ready', code: 'SERVICE_UNAVAILABLE' });
      expect(response.json().checks.database).toMatch(/^migrations not run: /);
      // The public answer names no check, no migration, no error.
      const anyone = await app.inject({ url: '/health/ready' });
      expect(anyone.statusCode).toBe(503);
      expect(anyone.body).toBe('{"status":"not-ready"}');
    } finally {
      await app.close();
    }
  });
});

describe('readiness', () => {
  it('turns "draining" when shutdown starts, and answers ask clients to close their connection', async () => {
    const app = await buildTestApp({ env: { METRICS_TOKEN } });
    try {
      expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
      startDraining(app);
      const ready = await app.inject({ url: '/health/ready', headers: DETAILED });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.draining).toBe('draining');
      expect((await app.inject({ url: '/health/ready' })).json()).toEqual({ status: 'not-ready' });
      // The instance still answers everything else while a load balancer moves away from it.
      const envs = await app.inject({ url: '/envs' });
      expect(envs.statusCode).toBe(200);
      expect(envs.headers.connection).toBe('close');
      expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is not ready when the database does not answer or a job has stalled', async () => {
    const app = await buildTestApp({ env: { METRICS_TOKEN } });
    try {
      watchJob(app, 'stalled', {
        status: () => ({ intervalMs: 5000, nextRunAt: Date.now() - 120_000, stopped: false }),
      });
      const stalled = await app.inject({ url: '/health/ready', headers: DETAILED });
      expect(stalled.statusCode).toBe(503);
      expect(stalled.json().checks).toMatchObject({ database: 'ok', 'job:stalled': 'late by 120 s' });
      watchJob(app, 'stalled', {
        status: () => ({ intervalMs: 5000, runningSince: Date.now() - 3_600_000, stopped: false }),
      });
      expect((await app.inject({ url: '/health/ready', headers: DETAILED })).json().checks['job:stalled']).toBe(
        'running for 3600 s',
      );
      app.jobs.delete('stalled');
      await app.db.destroy();
      const down = await app.inject({ url: '/health/ready', headers: DETAILED });
      expect(down.statusCode).toBe(503);
      expect(down.json().checks.database).not.toBe('ok');
      const anyone = await app.inject({ url: '/health/ready' });
      expect(anyone.statusCode).toBe(503);
      expect(anyone.body).toBe('{"status":"not-ready"}');
    } finally {
      await app.close();
    }
  });

  it('names no check to anyone when no metrics token is set', async () => {
    const app = await buildTestApp();
    try {
      watchJob(app, 'stalled', {
        status: () => ({ intervalMs: 5000, nextRunAt: Date.now() - 120_000, stopped: false }),
      });
      for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: 'Bearer undefined' }]) {
        const stalled = await app.inject({ url: '/health/ready', headers });
        expect(stalled.statusCode).toBe(503);
        expect(stalled.body).toBe('{"status":"not-ready"}');
      }
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  const logged: FastifyPluginAsync = async (scope) => {
    scope.get('/api/test/logged', async () => {
      // A line written through the app's logger, not the request's, still names the request.
      scope.log.warn('written by the app logger');
      return { ok: true };
    });
    scope.get('/api/test/failing', async () => {
      throw new Error('the disk is full');
    });
  };

  it('answers X-Request-Id, puts it in server error answers and in every log line of the request', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildTestApp({
      plugins: [logged],
      logLevel: 'info',
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      const ok = await app.inject({ url: '/api/test/logged' });
      const id = ok.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const ofRequest = lines.filter((line) => line.reqId === id);
      expect(ofRequest.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'written by the app logger', 'request completed']),
      );
      const raw = JSON.stringify(lines.find((line) => line.msg === 'incoming request'));
      expect(raw.split('"reqId"').length - 1).toBe(1);

      const missing = await app.inject({ url: '/api/eta/no-such-thing', headers: { 'x-request-id': 'proxy-1' } });
      expect(missing.statusCode).toBe(404);
      // Without a trusted proxy the client's id is not taken.
      expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // The caller's own mistake keeps the body everyone gets; a server error names the request.
      expect(missing.json()).toEqual({ error: 'The requested resource was not found.', code: 'NOT_FOUND' });
      const failed = await app.inject({ url: '/api/test/failing' });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({
        error: 'Something went wrong on our side. Please try again later.',
        code: 'INTERNAL_ERROR',
        requestId: failed.headers['x-request-id'],
      });
      expect(lines.find((line) => line.msg === 'request failed')?.reqId).toBe(failed.headers['x-request-id']);
    } finally {
      await app.close();
    }
  });

  it("takes a trusted proxy's X-Request-Id when it looks like one", async () => {
    const app = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const taken = await app.inject({ url: '/envs', headers: { 'x-request-id': 'lb-7f3a:0042' } });
      expect(taken.headers['x-request-id']).toBe('lb-7f3a:0042');
      const refused = await app.inject({ url: '/envs', headers: { 'x-request-id': 'two words' } });
      expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  it('are not served without METRICS_TOKEN or METRICS_PORT', async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    } finally {
      await app.close();
    }
  });

  it('are served to the bearer of METRICS_TOKEN in Prometheus format, per route and from the database', async () => {
    const app = await buildTestApp({ env: { METRICS_TOKEN } });
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect(
        (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } })).statusCode,
      ).toBe(401);
      await app.inject({ url: '/envs' });
      await app.inject({ url: '/health' });
      await app.inject({ method: 'POST', url: '/api/eta/profile/login', payload: {} });
      const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
      const text = response.body;
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/envs",status="200"\} [1-9]/m);
      expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/eta\/profile\/login",status="400"\} 1$/m);
      expect(text).toMatch(
        /^http_request_duration_seconds_bucket\{le="0.25",method="GET",route="\/envs",status_class="2xx"\} /m,
      );
      expect(text).toMatch(/^eta_db_pool_connections\{state="max"\} 1$/m);
      expect(text).toMatch(/^eta_db_connection_wait_seconds_count\{database="sqlite",route="\/health"\} [1-9]/m);
      expect(text).toMatch(/^eta_decisions\{state="due"\} 0$/m);
      expect(text).toMatch(/^eta_decisions\{state="overdue"\} 0$/m);
      expect(text).toMatch(/^eta_emails\{kind="decision",state="pending"\} 0$/m);
      expect(text).toMatch(/^eta_emails\{kind="submission",state="failed"\} 0$/m);
      expect(text).toMatch(/^eta_password_hashes_waiting 0$/m);
      for (const name of [
        'eta_uploads_refused_total',
        'eta_sign_in_throttled_total',
        'eta_payments',
        'eta_emails_sent_total',
      ]) {
        expect(text).toContain(`# TYPE ${name} `);
      }
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    } finally {
      await app.close();
    }
  });

  it('can be served on a port of their own (METRICS_PORT)', async () => {
    const port = await freePort();
    const app = await buildTestApp({ env: { METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' } });
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      // Not on the main port without a token.
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('GET /health with a database that fails', () => {
  it('answers 503', async () => {
    const app = await buildTestApp();
    try {
      // Destroying the connection makes the real query fail, as an unreachable database would.
      await app.db.destroy();
      const response = await app.inject({ url: '/health', headers: { 'accept-language': 'fr' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'error', database: 'error', code: 'SERVICE_UNAVAILABLE' });
      expect(response.json().error).toBe('Le service est temporairement indisponible. Veuillez réessayer plus tard.');
    } finally {
      await app.close();
    }
  });
});

describe('GET /envs', () => {
  it('answers every runtime setting as a key/value list', async () => {
    const app = await buildTestApp({
      env: { DEPARTMENT_URL: 'https://department.example.org', SESSION_WARNING_SECONDS: '90' },
    });
    try {
      const response = await app.inject({ url: '/envs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const settings = response.json() as { key: string; value: string }[];
      expect(settings.map((s) => s.key)).toEqual([...PUBLIC_SETTING_KEYS]);
      const byKey = Object.fromEntries(settings.map((s) => [s.key, s.value]));
      expect(byKey).toMatchObject({
        API_URL: '',
        DEPARTMENT_URL: 'https://department.example.org',
        GOV_PORTAL_URL: 'https://www.gov.za',
        FORM_PREVIEW: 'true',
        DEV_MAILBOX: 'true',
        SESSION_WARNING_SECONDS: '90',
      });
      for (const value of Object.values(byKey)) expect(typeof value).toBe('string');
    } finally {
      await app.close();
    }
  });
});
