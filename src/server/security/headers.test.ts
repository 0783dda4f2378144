import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, validApplicationForm, validDeclarations, type Caller } from '../applications/testing/client';
import { decideAll, submitWith } from '../decisions/testing/client';
import { clientErrorResponse } from '../http/framework-errors';
import { SANDBOX_PAGE_PREFIX } from '../payments/sandbox/routes';
import { buildTestApp } from '../testing/harness';
import { cspProblems } from './testing/csp';
import { registeredApiRoutes } from './testing/route-inventory';

// Decisions are made by the test (decideAll), never by the background worker.
process.env.DECISION_POLL_SECONDS = '0';

/** HSTS as the server must send it: at least a year, for the subdomains too. */
function expectHsts(header: unknown, what: string) {
  const match = /^max-age=(\d+); includeSubDomains$/.exec(String(header));
  expect(match, `${what}: Strict-Transport-Security ${String(header)}`).not.toBeNull();
  expect(Number(match![1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
}

/**
 * The security headers of every kind of answer the server gives (portal page, API, static file, errors, the
 * payment sandbox's own page), read as a browser reads them: the Content-Security-Policy is parsed and judged,
 * HSTS is on all of them, and no answer that carries personal data may be stored by a browser or a proxy.
 */
describe('security headers of every kind of answer', () => {
  let dist: string;
  let app: FastifyInstance;
  let ana: Caller;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'eta-dist-headers-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>',
    );
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc123.js', isEntry: true } }),
    );
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildTestApp({ distDir: dist, loadServerEntry: () => import('../../app/server-entry') });
    ana = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  const html = { accept: 'text/html' };
  const kinds: [string, InjectOptions][] = [
    ['portal page', { method: 'GET', url: '/', headers: html }],
    ['portal page of a route', { method: 'GET', url: '/applications/payment-overview', headers: html }],
    ['static asset', { method: 'GET', url: '/assets/index-abc123.js' }],
    ['file without a hash', { method: 'GET', url: '/favicon.svg' }],
    ['missing asset', { method: 'GET', url: '/assets/gone-000.js' }],
    ['API answer', { method: 'GET', url: '/api/eta/static' }],
    ['runtime settings', { method: 'GET', url: '/envs' }],
    ['health', { method: 'GET', url: '/health' }],
    ['API not found', { method: 'GET', url: '/api/eta/nothing-here' }],
    ['API unauthorised', { method: 'GET', url: '/api/eta/profile' }],
    ['API validation error', { method: 'POST', url: '/api/eta/profile/login', payload: {} }],
    ['API method not allowed', { method: 'PUT', url: '/api/eta/static' }],
    ['API URL too long', { method: 'GET', url: `/api/eta/applications/${'a'.repeat(2000)}` }],
    [
      'malformed JSON',
      { method: 'POST', url: '/api/eta/profile/login', payload: '{', headers: { 'content-type': 'application/json' } },
    ],
    ['payment sandbox page', { method: 'GET', url: `${SANDBOX_PAGE_PREFIX}/${randomUUID()}` }],
  ];

  it.each(kinds)('%s: a strict CSP and HSTS', async (what, request) => {
    const response = await app.inject(request);
    expect(response.statusCode, what).toBeLessThan(500);
    expect(cspProblems(response.headers['content-security-policy'] as string), what).toEqual([]);
    expectHsts(response.headers['strict-transport-security'], what);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a strict CSP and HSTS on the answer written for a request Node could not parse', () => {
    const raw = clientErrorResponse(Object.assign(new Error('bad'), { code: 'HPE_INVALID_METHOD' }));
    const head = Object.fromEntries(
      raw
        .split('\r\n\r\n')[0]
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(cspProblems(head['content-security-policy'])).toEqual([]);
    expectHsts(head['strict-transport-security'], 'client error');
    expect(head['cache-control']).toBe('no-store');
  });

  it('allows inline styles only (Fluent UI inserts its style elements at run time), never inline scripts', async () => {
    const csp = String(
      (await app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/(?:^|;\s*)style-src 'self' 'unsafe-inline'(?:;|$)/);
    expect(csp).toMatch(/(?:^|;\s*)script-src 'self'(?:;|$)/);
  });

  it('tells the browser not to store any signed-in API answer, whatever it answers', async () => {
    const routes = await registeredApiRoutes();
    expect(routes.length).toBeGreaterThan(30);
    // A caller of its own: the sweep signs it out on the way.
    const sweeper = await signIn(app);
    const unstored: string[] = [];
    for (const { route, requiredQuery } of routes) {
      const [method, pattern] = route.split(' ');
      const url = pattern.replace(/:[A-Za-z]+/g, randomUUID());
      const query = requiredQuery.map((name) => `${name}=${randomUUID()}`).join('&');
      const response = await app.inject({
        method: method as InjectOptions['method'],
        url: query ? `${url}?${query}` : url,
        headers: { authorization: `Bearer ${sweeper.token}` },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (response.headers['cache-control'] !== 'no-store') unstored.push(`${route}: ${response.statusCode}`);
    }
    expect(unstored).toEqual([]);
  });

  it('tells the browser not to store an outcome PDF it serves', async () => {
    const submitted = await submitWith(app, ana, {
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    await decideAll(app);
    const pdf: LightMyRequestResponse = await app.inject({
      method: 'POST',
      url: `/api/eta/applicants/${submitted.applicants[0]}/eta-pdf`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
  }, 60_000);
});
