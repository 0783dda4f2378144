import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedAndLogin, STRONG_PASSWORD } from '../accounts/testing/client';
import { cookiesOf, startPageApp } from './testing/page-app';
import { CSRF_FIELD } from './csrf';
import { AUTH_TOKEN_COOKIE } from './session';

// Where the portal sends a visitor after signing in is always one of its own pages, and an address no route can
// match is a 404, never a 500: tried with the addresses that broke it.

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
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const email = `return-paths-${Date.now()}@example.com`;

  beforeAll(async () => {
    ({ app, close } = await startPageApp());
  }, 120_000);
  afterAll(async () => {
    await close?.();
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
  }, 120_000);

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
  }, 120_000);

  it('answers 404 for an address holding a line or paragraph separator', async () => {
    for (const url of ['/nowhere/%E2%80%A8', '/nowhere/%E2%80%A9', '/%E2%80%A8']) {
      const answer = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
