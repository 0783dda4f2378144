import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedAndLogin, STRONG_PASSWORD } from '../accounts/testing/client';
import { buildTestApp } from '../testing/harness';
import { CSRF_FIELD } from './csrf';
import { AUTH_TOKEN_COOKIE } from './session';

// Where the portal sends a visitor after signing in is always one of its own pages, and an address no route can
// match is a 404, never a 500: tried with the addresses that broke it.

const INDEX =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Electronic Travel Authorisation</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';

const cookiesOf = (headers: Record<string, unknown>) =>
  ([headers['set-cookie'] ?? []].flat() as string[]).map((c) => c.split(';')[0]).join('; ');

/** Return paths a browser would follow to another site, or that cannot stand in a header. */
const HOSTILE = [
  '/%09/evil.example',
  '/%0D%0A/evil.example',
  '/%0D%0ASet-Cookie:%20a=b',
  '/%00',
  '/%E2%80%A8',
  '/%C3%A9',
];

/** Where a `Location` sends a browser on the portal at `origin`, as a browser resolves it. */
const resolved = (location: string, origin = 'https://portal.example') => new URL(location, origin);

describe('return paths and addresses no route has', () => {
  let dist: string;
  let app: FastifyInstance;
  const email = `return-paths-${Date.now()}@example.com`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'eta-return-paths-test-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }),
    );
    app = await buildTestApp({ distDir: dist, loadServerEntry: () => import('../../app/server-entry') });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a signed-in visitor opening sign-in only to a page of the portal', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, `signed-in-${email}`);
    for (const from of HOSTILE) {
      const answer = await app.inject({
        url: `/login?from=${from}`,
        headers: { accept: 'text/html', cookie: `${AUTH_TOKEN_COOKIE}=${tokenInfo.accessToken}` },
      });
      expect(answer.statusCode, from).toBe(302);
      const location = String(answer.headers.location);
      expect(resolved(location).origin, from).toBe('https://portal.example');
      expect(location, from).not.toMatch(/evil|[^\x21-\x7e]/);
    }
  });

  it('answers a sign-in through the form with its session and a page of the portal, whatever `from` says', async () => {
    await registerVerifiedAndLogin(app, email);
    for (const from of HOSTILE) {
      const page = await app.inject({ url: '/login', headers: { accept: 'text/html' } });
      const cookie = cookiesOf(page.headers);
      const token = decodeURIComponent(/eta\.csrf=([^;]+)/.exec(cookie)?.[1] ?? '');
      const answer = await app.inject({
        method: 'POST',
        url: `/login?from=${from}`,
        headers: { accept: 'text/html', cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams([
          [CSRF_FIELD, token],
          ['email', email],
          ['password', STRONG_PASSWORD],
        ]).toString(),
      });
      expect(answer.statusCode, from).toBe(303);
      expect(resolved(String(answer.headers.location)).origin, from).toBe('https://portal.example');
      expect(String(answer.headers.location), from).not.toMatch(/evil/);
      expect(cookiesOf(answer.headers), from).toContain(`${AUTH_TOKEN_COOKIE}=`);
    }
  });

  it('answers 404 for an address holding a line or paragraph separator', async () => {
    for (const url of ['/nowhere/%E2%80%A8', '/nowhere/%E2%80%A9', '/%E2%80%A8']) {
      const answer = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
