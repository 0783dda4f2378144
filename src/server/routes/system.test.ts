import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_SETTING_KEYS } from '../config';
import { buildTestApp, databases } from '../testing/harness';

describe.each(databases())('system routes on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
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
