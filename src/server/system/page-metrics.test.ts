import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/harness';

const METRICS_TOKEN = 'metrics-token-of-the-tests';
const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>eTA</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';

/** The `http_requests_total` lines of the metrics, by their labels. */
async function requestCounts(app: FastifyInstance): Promise<Map<string, number>> {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.statusCode).toBe(200);
  const counts = new Map<string, number>();
  for (const match of response.body.matchAll(/^http_requests_total\{([^}]*)\} (\d+)$/gm)) {
    counts.set(match[1], Number(match[2]));
  }
  return counts;
}

describe('metrics of the pages', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'eta-page-metrics-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }),
    );
    app = await buildTestApp({
      distDir: dist,
      env: { METRICS_TOKEN },
      loadServerEntry: () => import('../../app/server-entry'),
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('counts a page under its route of the route manifest, never its address; an unknown address as not-found', async () => {
    const html = { accept: 'text/html' };
    const asked = [
      '/faq?lng=fr',
      '/FAQ/',
      '/login?from=%2Fprofile',
      '/reset-password?authKey=KeyOfTheMetrics0123&email=ana%40example.com',
      '/registration/some-page-of-the-form',
      '/applications/application/personal-details?applicantIdentifier=0190aaaa-0000-7000-8000-000000000001',
    ];
    const statuses = [];
    for (const url of asked) statuses.push((await app.inject({ url, headers: html })).statusCode);
    // The last is a signed-in page: sent to sign in.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 302]);
    // A form posted to its page (refused or not: its status does not matter here).
    await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ana%40example.com&password=not-the-one',
    });
    const unknown = await app.inject({ url: '/no-such-page/KeyOfTheMetrics0123', headers: html });
    expect(unknown.statusCode).toBe(404);

    const counts = await requestCounts(app);
    expect(counts.get('method="GET",route="/faq",status="200"')).toBe(2);
    expect(counts.get('method="GET",route="/login",status="200"')).toBe(1);
    expect(counts.get('method="GET",route="/reset-password",status="200"')).toBe(1);
    // A page of a form is its route's, whatever the page: one label for all of them.
    expect(counts.get('method="GET",route="/registration/:formPage",status="200"')).toBe(1);
    expect(counts.get('method="GET",route="/applications/application/:formPage",status="302"')).toBe(1);
    expect([...counts.keys()].filter((labels) => labels.startsWith('method="POST",route="/login",'))).toHaveLength(1);
    expect(counts.get('method="GET",route="not-found",status="404"')).toBe(1);
    const labels = [...counts.keys()].join('\n');
    expect(labels).not.toContain('KeyOfTheMetrics0123');
    expect(labels).not.toContain('example.com');
    expect(labels).not.toContain('some-page-of-the-form');
    expect(labels).not.toContain('personal-details');
    expect(labels).not.toContain('?');
    // The first page rendered loads the pages' code: slow on a busy machine.
  }, 120_000);
});
