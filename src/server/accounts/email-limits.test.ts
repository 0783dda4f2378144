import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import { KNOWN_DEVICE_COOKIE } from './known-device';
import { THROTTLE_RULES } from './throttle';
import { STRONG_PASSWORD, authKeyOf, mailbox, post, registrationBody, waitForMail } from './testing/client';

const T0 = Date.parse('2027-06-01T09:00:00Z');
const OWNER_IP = '198.51.100.10';
const { emailAddressClient, emailAddress } = THROTTLE_RULES;

describe.each(databases())('e-mail limits that never lock the owner out, on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
  });
  afterAll(() => app?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const at = (seconds: number) => vi.setSystemTime(new Date(T0 + seconds * 1000));

  /** A reset or resend request for an address from a client address, with a known-device cookie when given. */
  const ask = (
    path: 'request-password-reset' | 'verify-email-request',
    email: string,
    ip: string,
    cookie?: string,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: `/api/eta/profile/${path}`,
      payload: path === 'request-password-reset' ? { email } : { email, emailAction: 'RESET_PASSWORD' },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  /** Registers and confirms an address, signs in from the owner's browser and answers its known-device cookie. */
  async function owner(email: string): Promise<string> {
    expect((await post(app, 'register', registrationBody(email), { ip: OWNER_IP })).statusCode).toBe(201);
    const [message] = await waitForMail(app, email);
    expect((await post(app, 'verify', { authKey: authKeyOf(message) })).statusCode).toBe(200);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/eta/profile/login',
      payload: { email, password: STRONG_PASSWORD },
      remoteAddress: OWNER_IP,
    });
    expect(signedIn.statusCode).toBe(200);
    const header = [signedIn.headers['set-cookie']].flat().find((v) => v?.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    return header!.split(';')[0];
  }

  it('leaves the sign-up e-mail out of the address’s count, so the owner who registered has every resend of the hour', async () => {
    const email = 'newcomer@example.com';
    const ip = '198.51.100.20';
    const resend = () =>
      app.inject({
        method: 'POST',
        url: '/api/eta/profile/verify-email-request',
        payload: { email, emailAction: 'VERIFY_EMAIL' },
        remoteAddress: ip,
      });
    expect((await post(app, 'register', registrationBody(email), { ip })).statusCode).toBe(201);
    await waitForMail(app, email);
    const statuses: number[] = [];
    for (let i = 0; i <= emailAddressClient.limit; i++) statuses.push((await resend()).statusCode);
    expect(statuses).toEqual([...Array(emailAddressClient.limit).fill(200), 429]);
    // The sign-up e-mail and every resend answered 200 were sent.
    expect((await waitForMail(app, email, emailAddressClient.limit + 1)).length).toBe(emailAddressClient.limit + 1);
  });

  it('counts a registration of an address that has an account like any e-mail to it', async () => {
    const email = 'registered-twice@example.com';
    const ip = '198.51.100.21';
    expect((await post(app, 'register', registrationBody(email), { ip })).statusCode).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i <= emailAddressClient.limit; i++)
      statuses.push((await post(app, 'register', registrationBody(email), { ip })).statusCode);
    expect(statuses).toEqual([...Array(emailAddressClient.limit).fill(201), 429]);
    expect(
      (await waitForMail(app, email, emailAddressClient.limit + 1)).filter(
        (m) => m.subject === 'You already have a profile',
      ),
    ).toHaveLength(emailAddressClient.limit);
  });

  it('lets the owner ask for a reset after six requests for the address from other client addresses', async () => {
    await owner('six@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    for (let i = 1; i <= 6; i++) {
      const stranger = await ask('request-password-reset', 'six@example.com', `203.0.113.${i}`);
      expect(stranger.statusCode).toBe(200);
    }
    // The owner, on a browser that never signed in and from the usual address: both calls get through.
    expect((await ask('request-password-reset', 'six@example.com', OWNER_IP)).statusCode).toBe(200);
    expect((await ask('verify-email-request', 'six@example.com', OWNER_IP)).statusCode).toBe(200);
  });

  it('holds one stranger at the limit per client, while the owner’s own allowance stays whole', async () => {
    await owner('flooded@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const statuses: number[] = [];
    for (let i = 0; i <= emailAddressClient.limit; i++)
      statuses.push((await ask('verify-email-request', 'flooded@example.com', '203.0.113.50')).statusCode);
    expect(statuses).toEqual([...Array(emailAddressClient.limit).fill(200), 429]);
    const held = await ask('request-password-reset', 'flooded@example.com', '203.0.113.50');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(3500);
    expect(held.json()).toEqual({
      error: 'Too many attempts. Please try again in 60 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    for (let i = 0; i < emailAddressClient.limit; i++)
      expect((await ask('request-password-reset', 'flooded@example.com', OWNER_IP)).statusCode).toBe(200);
  });

  it('spaces every unknown client once many have asked, yet the owner still gets through', async () => {
    const cookie = await owner('botnet@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const before = (await mailbox(app, 'botnet@example.com')).length;
    // Many client addresses, each asking twice: together they fill the address's allowance for unknown clients.
    const strangers = Array.from({ length: emailAddress.limit }, (_, i) => `203.0.113.${100 + i}`);
    for (const ip of strangers.slice(0, emailAddress.limit / 2)) {
      expect((await ask('request-password-reset', 'botnet@example.com', ip)).statusCode).toBe(200);
      expect((await ask('request-password-reset', 'botnet@example.com', ip)).statusCode).toBe(200);
    }
    // Full: a stranger who has had an e-mail this hour waits...
    const again = await ask('request-password-reset', 'botnet@example.com', strangers[0]);
    expect(again.statusCode).toBe(429);
    // ...a client address that has not gets its first one (spaced: one an hour)...
    at(60);
    expect((await ask('request-password-reset', 'botnet@example.com', strangers[9])).statusCode).toBe(200);
    expect((await ask('request-password-reset', 'botnet@example.com', strangers[9])).statusCode).toBe(429);
    // ...so does the owner on a new device, once an hour...
    expect((await ask('request-password-reset', 'botnet@example.com', OWNER_IP)).statusCode).toBe(200);
    expect((await ask('request-password-reset', 'botnet@example.com', OWNER_IP)).statusCode).toBe(429);
    // ...and the browser that signed in before has its own allowance, from whatever client address.
    for (let i = 0; i < emailAddressClient.limit; i++)
      expect((await ask('verify-email-request', 'botnet@example.com', '192.0.2.200', cookie)).statusCode).toBe(200);
    expect((await ask('verify-email-request', 'botnet@example.com', '192.0.2.200', cookie)).statusCode).toBe(429);
    // A cookie made for another account, or made up, is an unknown client like any other.
    expect((await ask('request-password-reset', 'botnet@example.com', strangers[0], cookie + 'x')).statusCode).toBe(
      429,
    );
    // An hour on, the first ones have left the window.
    at(3601);
    expect((await ask('request-password-reset', 'botnet@example.com', strangers[0])).statusCode).toBe(200);
    vi.useRealTimers();
    // Every request answered 200 was an e-mail sent: the limits hold the mails, not only the answers.
    const sent = emailAddress.limit + 2 + emailAddressClient.limit + 1;
    expect((await waitForMail(app, 'botnet@example.com', before + sent)).length).toBe(before + sent);
  });
});
