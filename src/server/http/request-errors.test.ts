import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addApplicant, advanceTo, call, createApplication, inLanguage, signIn } from '../applications/testing/client';
import { buildTestApp, databases } from '../testing/harness';
import { MAX_JSON_DEPTH, measureJson } from './bounded-json';
import { redactUrl } from './log-redaction';
import { nestedJson as nested } from './testing/bodies';

/** Sends raw bytes to a listening server and answers everything it writes back before closing. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(bytes);
  });
}

/** The JSON body of the last HTTP answer in a raw exchange. */
const lastBody = (raw: string) => JSON.parse(raw.slice(raw.lastIndexOf('\r\n\r\n') + 4));

describe('measureJson', () => {
  it('measures depth and structural tokens outside strings', () => {
    expect(measureJson('{"a":[1,2,{"b":"[[[{{{,:"}]}')).toEqual({ depth: 3, tokens: 7, within: true });
    expect(measureJson('"text \\" [ {"')).toEqual({ depth: 0, tokens: 0, within: true });
  });

  it('stops at the first bound passed', () => {
    expect(measureJson(nested(MAX_JSON_DEPTH - 1))).toEqual({
      depth: MAX_JSON_DEPTH,
      tokens: 2 * MAX_JSON_DEPTH - 1,
      within: true,
    });
    expect(measureJson(nested(MAX_JSON_DEPTH)).within).toBe(false);
    expect(measureJson(`[${'0,'.repeat(20_001)}0]`).within).toBe(false);
  });
});

describe.each(databases())('answers before any route on %s', (kind) => {
  let app: FastifyInstance;
  const logged: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, logLevel: 'info', logStream: { write: (line) => logged.push(line) } });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    logged.length = 0;
  });

  it('refuses an answers body nested thousands of levels deep with a translated 400, before it is walked', async () => {
    const caller = await signIn(app);
    const guid = await createApplication(app, caller);
    const applicant = await addApplicant(app, caller, guid);
    await advanceTo(app, applicant, 'APPLICATION_FORM');
    const payload = `{"applicantIdentifier":"${applicant}","page":"personal-details","answers":${nested(4000)}}`;
    expect(payload.length).toBeLessThan(app.config.bodyLimit);
    for (const [lang, error] of [
      ['en', 'The request is nested too deeply or has too many parts.'],
      ['fr', 'La requête est trop imbriquée ou comporte trop d’éléments.'],
    ]) {
      const response = await inLanguage(app, caller, lang, () =>
        app.inject({
          method: 'PUT',
          url: `/api/eta/application-details/${guid}`,
          headers: {
            authorization: `Bearer ${caller.token}`,
            'content-type': 'application/json',
            'accept-language': lang,
          },
          payload,
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error, code: 'BAD_REQUEST' });
    }
    expect(logged.join('')).not.toContain('Maximum call stack');
    // The saved form is untouched.
    const saved = await call(
      app,
      caller,
      'GET',
      `/api/eta/application-details/${guid}?applicantIdentifier=${applicant}`,
    );
    expect(JSON.stringify(saved.json())).not.toContain('"a":{"a"');
  });

  it('bounds every JSON body the same way, whatever the route', async () => {
    const wide = `{"email":"a@example.com","password":"x","extra":[${'0,'.repeat(25_000)}0]}`;
    for (const [url, payload] of [
      ['/api/eta/profile/login', `{"email":"a@example.com","password":${nested(100)}}`],
      ['/api/eta/profile/login', wide],
      ['/api/eta/profile/register', nested(500)],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: 'The request is nested too deeply or has too many parts.',
        code: 'BAD_REQUEST',
      });
    }
  });

  it('still refuses prototype poisoning in a JSON body', async () => {
    for (const payload of [
      '{"email":"a@example.com","password":"x","__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/eta/profile/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().code, payload).toBe('BAD_REQUEST');
    }
  });

  it('answers a path parameter over the length limit with 414 in the error shape, without the URL', async () => {
    const long = 'x'.repeat(101);
    for (const [method, url] of [
      ['GET', `/api/eta/applications/${long}/applicants`],
      ['POST', `/api/eta/applications/${long}/applicants`],
      ['DELETE', `/api/eta/applications/${long}`],
      ['PUT', `/api/eta/application-details/${long}`],
      ['GET', `/api/eta/biometrics/capture-session-status/${long}`],
    ] as const) {
      const response = await app.inject({ method, url, headers: { 'accept-language': 'fr' } });
      expect(response.statusCode, `${method} ${url}`).toBe(414);
      expect(response.json()).toEqual({ error: 'L’adresse de la requête est trop longue.', code: 'URI_TOO_LONG' });
      expect(response.body).not.toContain(long);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    // Within the limit the route answers as usual.
    expect((await app.inject({ url: `/api/eta/applications/${'x'.repeat(100)}` })).statusCode).toBe(401);
  });

  it('answers a URL that cannot be decoded with 400 in the error shape', async () => {
    const response = await app.inject({ url: '/api/eta/applications/%E0%A4%A/applicants' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The request could not be understood. Please check it and try again.',
      code: 'BAD_REQUEST',
    });
  });

  it('answers malformed JSON with 400 BAD_REQUEST, translated', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/eta/profile/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'La requête n’a pas pu être comprise. Veuillez la vérifier et réessayer.',
      code: 'BAD_REQUEST',
    });
  });

  it('answers an unsupported method on a known path with 405 and Allow; an unknown path stays 404', async () => {
    const cases = [
      ['DELETE', '/api/eta/profile', 'GET, HEAD, PATCH'],
      ['GET', '/api/eta/profile/login', 'POST'],
      ['PUT', `/api/eta/applications/${randomUUID()}`, 'DELETE, GET, HEAD'],
      ['DELETE', '/api/eta/static/countries', 'GET, HEAD'],
    ] as const;
    for (const [method, url, allow] of cases) {
      const response = await app.inject({ method, url, headers: { 'accept-language': 'fr' } });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.json()).toEqual({ error: 'Cette action n’est pas autorisée ici.', code: 'METHOD_NOT_ALLOWED' });
    }
    for (const [method, url] of [
      ['POST', '/api/eta/unknown'],
      ['GET', '/api/eta/profile/login/more'],
      ['DELETE', '/login'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('writes no capture-session identifier, e-mailed key or token of a URL into the request logs', async () => {
    const secrets = [
      'CaptureSecret0123456789abcdefghijklmnopqrstu',
      'AuthKeySecret0123456789',
      'PhoneLinkSecret98765',
      'TokenSecret4242',
      'WalletPassSecret.1234.en.abc',
    ];
    await app.inject({ url: `/api/eta/biometrics/capture-session-status/${secrets[0]}` });
    await app.inject({
      method: 'POST',
      url: `/api/eta/biometrics/capture-session-status/${secrets[0]}?x=1`,
      payload: {},
    });
    await app.inject({ url: `/reset-password?authKey=${secrets[1]}&lang=fr`, headers: { accept: 'text/html' } });
    await app.inject({
      url: `/capture?sessionIdentifier=${secrets[2]}&routeFrom=mobile`,
      headers: { accept: 'text/html' },
    });
    await app.inject({ url: `/api/eta/static/countries?search=za&access_token=${secrets[3]}` });
    await app.inject({ url: `/api/eta/wallet/apple/${secrets[4]}` });
    const text = logged.join('');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const urls = logged.map((line) => JSON.parse(line).req?.url).filter(Boolean);
    expect(urls).toContain('/api/eta/biometrics/capture-session-status/[redacted]');
    expect(urls).toContain('/reset-password?authKey=[redacted]&lang=fr');
    expect(urls).toContain('/capture?sessionIdentifier=[redacted]&routeFrom=mobile');
    expect(urls).toContain('/api/eta/static/countries?search=za&access_token=[redacted]');
    expect(urls).toContain('/api/eta/wallet/apple/[redacted]');
  });

  it('writes no over-long URL refused before routing in clear either', async () => {
    const secret = `CaptureSecret${'y'.repeat(100)}`;
    await app.inject({ url: `/api/eta/biometrics/capture-session-status/${secret}` });
    expect(logged.join('')).not.toContain(secret);
  });
});

describe('requests Node cannot parse', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers contradicting Content-Lengths in the error shape, translated, instead of a raw "Client Error"', async () => {
    const raw = await rawExchange(
      port,
      'POST /api/eta/profile/login HTTP/1.1\r\nHost: localhost\r\nAccept-Language: fr\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nContent-Length: 40\r\n\r\n{}',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(raw).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(raw).not.toContain('Client Error');
    expect(lastBody(raw)).toEqual({
      error: 'La requête n’a pas pu être comprise. Veuillez la vérifier et réessayer.',
      code: 'BAD_REQUEST',
    });
  });

  it('answers bytes after a body shorter than its Content-Length said in the error shape', async () => {
    const raw = await rawExchange(
      port,
      'POST /api/eta/profile/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{"email":"a@example.com"}',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).not.toContain('Client Error');
    expect(lastBody(raw)).toEqual({
      error: 'The request could not be understood. Please check it and try again.',
      code: 'BAD_REQUEST',
    });
  });
});

describe('redactUrl', () => {
  it('keeps what is not secret', () => {
    expect(redactUrl('/api/eta/applications/abc?applicantIdentifier=def')).toBe(
      '/api/eta/applications/abc?applicantIdentifier=def',
    );
    expect(redactUrl('/verify-email?authKey=abc&x')).toBe('/verify-email?authKey=[redacted]&x');
    expect(redactUrl('/x?refresh%5Ftoken=abc')).toBe('/x?refresh%5Ftoken=[redacted]');
  });
});
