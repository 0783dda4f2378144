import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedAndLogin } from '../accounts/testing/client';
import { startTracing, type Tracing } from '../telemetry/tracing';
import { buildTestApp } from '../testing/harness';
import { AUTH_TOKEN_COOKIE } from './session';

const SERVER = 1; // SpanKind.SERVER
const METRICS_TOKEN = 'metrics-token-of-the-page-routes';
const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>eTA</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';

// Starts tracing for the process (OpenTelemetry's global providers, one per process): in a worker of its own, apart
// from the other files that trace (src/server/telemetry/tracing.test.ts).
describe('pages served by routes of their own', () => {
  const exporter = new InMemorySpanExporter();
  /** The route each answered request had when it was answered, by its request id. */
  const routeOfRequest = new Map<string, string | undefined>();
  let tracing: Tracing;
  let dist: string;
  let app: FastifyInstance;
  let base: string;

  // Sees every request's route as fastify names it once answered (its hook applies to the whole app).
  const recorder: FastifyPluginAsync = async (instance) => {
    instance.addHook('onResponse', async (request) => {
      routeOfRequest.set(request.id, request.routeOptions.url);
    });
  };
  Object.assign(recorder, { [Symbol.for('skip-override')]: true });

  beforeAll(async () => {
    tracing = await startTracing({ spanProcessors: [new SimpleSpanProcessor(exporter)], serviceName: 'eta-test' });
    dist = await mkdtemp(path.join(tmpdir(), 'eta-page-routes-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }),
    );
    app = await buildTestApp({
      distDir: dist,
      env: { METRICS_TOKEN },
      plugins: [recorder],
      loadServerEntry: () => import('../../app/server-entry'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await tracing?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  /** The server span of the request answered with `requestId`, once it has ended. */
  async function serverSpanOf(requestId: string): Promise<ReadableSpan> {
    let server: ReadableSpan | undefined;
    await expect
      .poll(() => {
        server = exporter
          .getFinishedSpans()
          .find((span) => span.kind === SERVER && span.attributes['eta.request_id'] === requestId);
        return server !== undefined;
      })
      .toBe(true);
    return server!;
  }

  /** The `http_requests_total` samples of the metrics, by their labels. */
  async function requestCounts(): Promise<Map<string, number>> {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    const counts = new Map<string, number>();
    for (const match of (await response.text()).matchAll(/^http_requests_total\{([^}]*)\} (\d+)$/gm)) {
      counts.set(match[1], Number(match[2]));
    }
    return counts;
  }

  it('has a GET (with HEAD) and a POST route for each page of the route manifest, by its pattern', () => {
    for (const url of [
      '/',
      '/faq',
      '/applications',
      '/applications/application/:formPage',
      '/registration/:formPage',
    ]) {
      for (const method of ['GET', 'HEAD', 'POST'] as const) {
        expect(app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
      }
    }
  });

  it('answers a page by its route: its pattern names it in the metrics and its trace, never its address', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'page-routes@example.com');
    const html = { accept: 'text/html' };
    const signedIn = { ...html, cookie: `${AUTH_TOKEN_COOKIE}=${tokenInfo.accessToken}` };
    const asked: [string, RequestInit, string, number][] = [
      ['/applications', { headers: signedIn }, '/applications', 200],
      ['/registration/page-of-the-routes-test', { headers: html }, '/registration/:formPage', 200],
      // Without the visitor's form token nothing is acted on, and the page is shown again (403): read, not refused
      // for its content type before the page's reader has seen it.
      [
        '/login',
        {
          method: 'POST',
          headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'email=ana%40example.com&password=not-the-one',
        },
        '/login',
        403,
      ],
    ];
    for (const [url, init, route, status] of asked) {
      const response = await fetch(`${base}${url}`, { ...init, redirect: 'manual' });
      const body = await response.text();
      expect(response.status, `${url}: ${body.slice(0, 200)}`).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const requestId = response.headers.get('x-request-id')!;
      expect(routeOfRequest.get(requestId)).toBe(route);
      const span = await serverSpanOf(requestId);
      expect(span.name).toBe(`${init.method ?? 'GET'} ${route}`);
      expect(span.attributes['http.route']).toBe(route);
    }

    const counts = await requestCounts();
    expect(counts.get('method="GET",route="/applications",status="200"')).toBe(1);
    expect(counts.get('method="GET",route="/registration/:formPage",status="200"')).toBe(1);
    expect(counts.get('method="POST",route="/login",status="403"')).toBe(1);
    expect([...counts.keys()].join('\n')).not.toContain('page-of-the-routes-test');
    // The first page rendered loads the pages' code: slow on a busy machine.
  }, 120_000);

  it('answers an unknown address with the portal’s 404 page, and a page’s address asked for data as unknown', async () => {
    const unknown = await fetch(`${base}/no-such-page/of-the-routes-test`, { headers: { accept: 'text/html' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unknown.text()).toContain('<div id="root"');
    expect(routeOfRequest.get(unknown.headers.get('x-request-id')!)).toBeUndefined();

    const data = await fetch(`${base}/faq`, { headers: { accept: 'application/json' } });
    expect(data.status).toBe(404);
    expect(((await data.json()) as { code: string }).code).toBe('NOT_FOUND');

    // A method no page takes is an unknown address's answer, not a 405.
    const deleted = await fetch(`${base}/faq`, { method: 'DELETE', headers: { accept: 'text/html' } });
    expect(deleted.status).toBe(404);
    await deleted.arrayBuffer();

    const counts = await requestCounts();
    expect(counts.get('method="GET",route="not-found",status="404"')).toBe(2);
    expect([...counts.keys()].join('\n')).not.toContain('of-the-routes-test');
  }, 120_000);
});
