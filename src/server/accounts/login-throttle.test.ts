import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import { KNOWN_DEVICE_COOKIE } from './known-device';
import { THROTTLE_RULES, addressBucket, recordEvent } from './throttle';
import { STRONG_PASSWORD, authKeyOf, mailbox, post, registrationBody, waitForMail } from './testing/client';

const NEW_PASSWORD = 'Harbour-Violet-29#';
const T0 = Date.parse('2027-05-01T09:00:00Z');

describe.each(databases())('sign-in throttling that is no free lock-out on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, env: { CLIENT_EMAIL_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Sets the clock `seconds` after T0. */
  const at = (seconds: number) => vi.setSystemTime(new Date(T0 + seconds * 1000));

  /** A sign-in from a client address, with the browser's known-device cookie when given. */
  const login = (
    email: string,
    password: string,
    ip: string,
    cookie?: string,
    lang?: string,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: '/api/eta/profile/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: { ...(cookie ? { cookie } : {}), ...(lang ? { 'accept-language': lang } : {}) },
    });

  /** The known-device cookie set by a successful sign-in, as the browser sends it back. */
  const deviceCookie = (response: LightMyRequestResponse): string => {
    const header = [response.headers['set-cookie']]
      .flat()
      .find((value) => value?.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    expect(header, 'known-device cookie').toBeDefined();
    return header!.split(';')[0];
  };

  /** Registers and confirms an address, e-mail link and all. */
  async function register(email: string): Promise<void> {
    expect((await post(app, 'register', registrationBody(email))).statusCode).toBe(201);
    const [message] = await waitForMail(app, email);
    expect((await post(app, 'verify', { authKey: authKeyOf(message) })).statusCode).toBe(200);
  }

  it('sets an HttpOnly, same-site known-device cookie for the whole portal only on a successful sign-in', async () => {
    await register('cookie@example.com');
    const failed = await login('cookie@example.com', 'Wrong-Pass-1!', '192.0.2.1');
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['set-cookie']).toBeUndefined();
    const signedIn = await login('cookie@example.com', STRONG_PASSWORD, '192.0.2.1');
    expect(signedIn.statusCode).toBe(200);
    const header = [signedIn.headers['set-cookie']].flat()[0]!;
    expect(header).toMatch(
      new RegExp(
        `^${KNOWN_DEVICE_COOKIE}=[\\w-]{22}\\.[\\w-]{43}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict$`,
      ),
    );
    // Signing in again from that browser keeps its identifier.
    const again = await login('cookie@example.com', STRONG_PASSWORD, '192.0.2.1', deviceCookie(signedIn));
    expect(deviceCookie(again).split('.')[0]).toBe(deviceCookie(signedIn).split('.')[0]);
  });

  it('counts failures per client address: an attacker elsewhere is held, the owner signs in', async () => {
    await register('owner@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      at(i * 60);
      statuses.push((await login('owner@example.com', `Wrong-${i}-Pass!`, '203.0.113.9')).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    at(10 * 60);
    const held = await login('owner@example.com', STRONG_PASSWORD, '203.0.113.9');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('300');
    expect(held.json()).toEqual({
      error: 'Too many attempts. Please try again in 5 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    // The same moment, from the owner's own connection: no lock-out.
    expect((await login('owner@example.com', STRONG_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  it('makes each client wait longer after every failure beyond five: 1, 2, 4, 8 and 16 seconds', async () => {
    await register('delay@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    for (let i = 0; i < 5; i++)
      expect((await login('delay@example.com', `Wrong-${i}-Pass!`, '203.0.113.20')).statusCode).toBe(401);
    let now = 0;
    const waits = [];
    for (let i = 0; i < 5; i++) {
      const held = await login('delay@example.com', STRONG_PASSWORD, '203.0.113.20', undefined, 'fr');
      expect(held.statusCode).toBe(429);
      waits.push(Number(held.headers['retry-after']));
      expect(held.json().error).toBe(
        `Trop de tentatives. Veuillez réessayer dans ${waits[i]} seconde${waits[i] > 1 ? 's' : ''}.`,
      );
      now += waits[i];
      at(now);
      expect((await login('delay@example.com', `Wrong-again-${i}!`, '203.0.113.20')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    // At ten failures this client waits for the window; the owner elsewhere is not slowed down at all.
    expect((await login('delay@example.com', STRONG_PASSWORD, '203.0.113.20')).statusCode).toBe(429);
    expect((await login('delay@example.com', STRONG_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
  });

  // Fifty real password checks: slow on a busy machine.
  it(
    'holds new clients after 50 failures from many addresses, but the owner signs in from a known browser and after a reset',
    { timeout: 90_000 },
    async () => {
      await register('target@example.com');
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const known = deviceCookie(await login('target@example.com', STRONG_PASSWORD, '198.51.100.10'));
      for (let i = 1; i <= 50; i++)
        expect((await login('target@example.com', `Wrong-${i}-Pass!`, `10.50.0.${i}`)).statusCode).toBe(401);
      at(60);
      const newClient = await login('target@example.com', STRONG_PASSWORD, '198.51.100.11');
      expect(newClient.statusCode).toBe(429);
      expect(newClient.headers['retry-after']).toBe('840');
      // The browser that signed in before gets in, even from an address the attacker used.
      expect((await login('target@example.com', STRONG_PASSWORD, '10.50.0.1', known)).statusCode).toBe(200);
      // A known-device cookie proves nothing for another account, and a forged one nothing at all.
      await register('bystander@example.com');
      // The bystander's new clients are held as the target's were (set up directly: 50 more password checks add nothing).
      for (let i = 1; i <= 50; i++)
        await recordEvent(
          app.db,
          addressBucket('login', 'bystander@example.com'),
          THROTTLE_RULES.loginAccount,
          new Date(),
        );
      expect((await login('bystander@example.com', STRONG_PASSWORD, '198.51.100.12', known)).statusCode).toBe(429);
      const forged = `${known.split('.')[0]}.${'A'.repeat(43)}`;
      expect((await login('target@example.com', STRONG_PASSWORD, '198.51.100.13', forged)).statusCode).toBe(429);

      // The owner resets the password: every client may sign in with it at once.
      expect((await post(app, 'request-password-reset', { email: 'target@example.com' })).statusCode).toBe(200);
      const messages = await waitForMail(app, 'target@example.com', 2);
      const reset = messages.find((message) => message.subject === 'Reset your password')!;
      const body = { authKey: authKeyOf(reset), newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      expect((await post(app, 'reset-password', body)).statusCode).toBe(200);
      expect((await login('target@example.com', NEW_PASSWORD, '198.51.100.11')).statusCode).toBe(200);
      expect((await mailbox(app, 'target@example.com')).length).toBeGreaterThanOrEqual(2);
    },
  );

  it('limits the failures of a known browser on their own', async () => {
    await register('stolen-laptop@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const known = deviceCookie(await login('stolen-laptop@example.com', STRONG_PASSWORD, '198.51.100.20'));
    for (let i = 0; i < 10; i++) {
      at(i * 60);
      expect((await login('stolen-laptop@example.com', `Wrong-${i}-Pass!`, '198.51.100.20', known)).statusCode).toBe(
        401,
      );
    }
    expect((await login('stolen-laptop@example.com', STRONG_PASSWORD, '198.51.100.20', known)).statusCode).toBe(429);
    // A client address's failures with a known browser do not hold the other clients of that address.
    expect((await login('stolen-laptop@example.com', STRONG_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('answers a held unknown address exactly as a held known one', async () => {
    await register('exists@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    const answers = [];
    for (const email of ['exists@example.com', 'absent@example.com']) {
      const ip = email.startsWith('exists') ? '203.0.113.30' : '203.0.113.31';
      for (let i = 0; i < 10; i++) {
        at(i * 60);
        expect((await login(email, `Wrong-${i}-Pass!`, ip)).statusCode).toBe(401);
      }
      at(600);
      const held = await login(email, STRONG_PASSWORD, ip);
      answers.push({
        status: held.statusCode,
        retryAfter: held.headers['retry-after'],
        body: held.body,
        cookie: held.headers['set-cookie'],
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].status).toBe(429);
  });
});
