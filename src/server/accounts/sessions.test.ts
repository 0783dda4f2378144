import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import {
  STRONG_PASSWORD,
  getProfile,
  post,
  registerVerifiedAndLogin,
  registrationBody,
  waitForMail,
} from './testing/client';

describe.each(databases())('sign-in, tokens and profile on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, accessTokenTtlSeconds: 300, refreshTokenTtlSeconds: 7200 });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs in a verified profile with token info in seconds and the profile identifier', async () => {
    const result = await registerVerifiedAndLogin(app, 'login@example.com');
    expect(result.profileIdentifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.tokenInfo).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      expiresIn: 300,
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      refreshExpiresIn: 7200,
    });
    const profile = await getProfile(app, result.tokenInfo.accessToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.json()).toEqual({
      profileIdentifier: result.profileIdentifier,
      title: 'MS',
      givenNames: 'Ana Maria',
      familyName: "O'Neill",
      email: 'login@example.com',
      mobile: { isoAlpha2Code: 'ZA', mobileNumber: '+27821234567' },
      emailVerified: true,
      language: 'en',
    });
  });

  it('answers one message for a wrong password and for an unknown address', async () => {
    await registerVerifiedAndLogin(app, 'wrong@example.com');
    const wrongPassword = await post(
      app,
      'login',
      { email: 'wrong@example.com', password: 'Not-The-Password-1' },
      { ip: '10.0.0.1' },
    );
    const unknownAccount = await post(
      app,
      'login',
      { email: 'nobody@example.com', password: STRONG_PASSWORD },
      { ip: '10.0.0.2' },
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAccount.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownAccount.body);
    expect(wrongPassword.json()).toEqual({
      error: 'The e-mail address or password is not correct.',
      code: 'INVALID_CREDENTIALS',
    });
    const french = await post(
      app,
      'login',
      { email: 'nobody@example.com', password: 'x' },
      { lang: 'fr', ip: '10.0.0.3' },
    );
    expect(french.json().error).toBe('L’adresse e-mail ou le mot de passe n’est pas correct.');
  });

  it('tells an unverified profile to confirm its address only once the password is right', async () => {
    await post(app, 'register', registrationBody('unverified@example.com'));
    await waitForMail(app, 'unverified@example.com');
    const wrong = await post(
      app,
      'login',
      { email: 'unverified@example.com', password: 'Not-The-Password-1' },
      { ip: '10.0.1.1' },
    );
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const right = await post(
      app,
      'login',
      { email: 'unverified@example.com', password: STRONG_PASSWORD },
      { ip: '10.0.1.1' },
    );
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      error: expect.stringContaining('Confirm your e-mail address'),
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('refuses a malformed sign-in body with field errors', async () => {
    const response = await post(app, 'login', { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
    const fields = response.json().fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('does not lock an address for everyone after 10 failures from other client addresses', async () => {
    await registerVerifiedAndLogin(app, 'target@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-01T09:00:00Z'));
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (
          await post(
            app,
            'login',
            { email: 'target@example.com', password: `Wrong-${i}-Pass!` },
            { ip: `203.0.113.${i}` },
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual(Array(10).fill(401));
    vi.setSystemTime(new Date('2027-01-01T09:05:00Z'));
    // Limits per client address and the growing delay are tested in login-throttle.test.ts.
    expect(
      (await post(app, 'login', { email: 'target@example.com', password: STRONG_PASSWORD }, { ip: '203.0.113.200' }))
        .statusCode,
    ).toBe(200);
  });

  it('throttles a client address after 10 failures whatever accounts it tries', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await post(app, 'login', { email: `spray${i}@example.com`, password: 'Guess-1234!' }, { ip: '198.51.100.99' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const response = await post(
      app,
      'login',
      { email: 'other@example.com', password: 'x' },
      { ip: '198.51.100.99', lang: 'fr' },
    );
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json().error).toMatch(/^Trop de tentatives/);
  });

  it('rotates the refresh token, and a replayed one ends the whole session', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'rotate@example.com');
    const first = await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(Object.keys(rotated).sort()).toEqual(['accessToken', 'expiresIn', 'refreshExpiresIn', 'refreshToken']);
    expect(rotated.refreshToken).not.toBe(tokenInfo.refreshToken);
    expect((await getProfile(app, rotated.accessToken)).statusCode).toBe(200);
    const second = await post(app, 'refresh', { refreshToken: rotated.refreshToken });
    expect(second.statusCode).toBe(200);
    const latest = second.json();

    // The first token's successor has been used, so this is a copy, not a lost answer.
    const replay = await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      error: 'Your session has ended. Please sign in again.',
      code: 'REFRESH_TOKEN_INVALID',
    });
    expect((await post(app, 'refresh', { refreshToken: latest.refreshToken })).statusCode).toBe(401);
    expect((await getProfile(app, latest.accessToken)).statusCode).toBe(401);
    expect((await getProfile(app, tokenInfo.accessToken)).statusCode).toBe(401);
  });

  it('recovers a lost refresh answer within 30 seconds; later, the same replay ends the session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'lost-answer@example.com');
    expect((await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken })).statusCode).toBe(200);
    vi.setSystemTime(new Date('2027-03-01T10:00:20Z'));
    const recovered = await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken });
    expect(recovered.statusCode).toBe(200);
    expect((await getProfile(app, recovered.json().accessToken)).statusCode).toBe(200);

    vi.setSystemTime(new Date('2027-03-01T10:01:00Z'));
    const next = await post(app, 'refresh', { refreshToken: recovered.json().refreshToken });
    expect(next.statusCode).toBe(200);
    vi.setSystemTime(new Date('2027-03-01T10:01:31Z'));
    expect((await post(app, 'refresh', { refreshToken: recovered.json().refreshToken })).statusCode).toBe(401);
    expect((await getProfile(app, next.json().accessToken)).statusCode).toBe(401);
  });

  it('refuses unknown or malformed refresh tokens', async () => {
    expect((await post(app, 'refresh', { refreshToken: 'A'.repeat(43) })).json().code).toBe('REFRESH_TOKEN_INVALID');
    expect((await post(app, 'refresh', {})).json().code).toBe('VALIDATION_FAILED');
  });

  it('ends access tokens after their lifetime and refresh tokens after theirs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-01T08:00:00Z'));
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'expiry@example.com');
    vi.setSystemTime(new Date('2027-03-01T08:04:59Z'));
    expect((await getProfile(app, tokenInfo.accessToken)).statusCode).toBe(200);
    vi.setSystemTime(new Date('2027-03-01T08:05:01Z'));
    const expired = await getProfile(app, tokenInfo.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHORIZED');
    const renewed = await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken });
    expect(renewed.statusCode).toBe(200);
    vi.setSystemTime(new Date('2027-03-01T10:05:02Z'));
    expect((await post(app, 'refresh', { refreshToken: renewed.json().refreshToken })).statusCode).toBe(401);
  });

  it('ends a session 12 hours after sign-in however often it is refreshed, cutting refreshExpiresIn to what is left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2027-04-01T06:00:00Z');
    const at = (seconds: number) => vi.setSystemTime(new Date(start + seconds * 1000));
    at(0);
    let { tokenInfo } = await registerVerifiedAndLogin(app, 'absolute@example.com');
    expect(tokenInfo.refreshExpiresIn).toBe(7200);
    const answers: number[] = [];
    for (let hour = 1; hour <= 11; hour++) {
      at(hour * 3600);
      const refreshed = await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken });
      expect(refreshed.statusCode).toBe(200);
      tokenInfo = refreshed.json();
      answers.push(tokenInfo.refreshExpiresIn);
    }
    expect(answers).toEqual([...Array(10).fill(7200), 3600]);
    at(12 * 3600 - 1);
    const last = await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken });
    expect(last.json().refreshExpiresIn).toBe(1);
    expect((await getProfile(app, last.json().accessToken)).statusCode).toBe(200);
    at(12 * 3600);
    const refused = await post(app, 'refresh', { refreshToken: last.json().refreshToken });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      error: 'Your session has ended. Please sign in again.',
      code: 'REFRESH_TOKEN_INVALID',
    });
    // Its access token had five minutes to run; the session's end is the end of it too.
    expect((await getProfile(app, last.json().accessToken)).statusCode).toBe(401);
    // Signing in again starts a new session with the full lifetime.
    const again = await post(app, 'login', { email: 'absolute@example.com', password: STRONG_PASSWORD });
    expect(again.json().tokenInfo.refreshExpiresIn).toBe(7200);
  });

  it('logs out on the server: the access and refresh tokens stop working', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'logout@example.com');
    const other = (await post(app, 'login', { email: 'logout@example.com', password: STRONG_PASSWORD })).json()
      .tokenInfo;
    const response = await post(
      app,
      'logout',
      { refreshToken: tokenInfo.refreshToken },
      { token: tokenInfo.accessToken },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'You have signed out.' });
    expect((await getProfile(app, tokenInfo.accessToken)).statusCode).toBe(401);
    expect((await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken })).statusCode).toBe(401);
    // Another device's session is left alone.
    expect((await getProfile(app, other.accessToken)).statusCode).toBe(200);
  });

  it('logs out with only a bearer token, or only a refresh token, and without a body', async () => {
    const a = (await registerVerifiedAndLogin(app, 'logout2@example.com')).tokenInfo;
    expect((await post(app, 'logout', undefined, { token: a.accessToken })).statusCode).toBe(200);
    expect((await post(app, 'refresh', { refreshToken: a.refreshToken })).statusCode).toBe(401);
    const b = (await post(app, 'login', { email: 'logout2@example.com', password: STRONG_PASSWORD })).json().tokenInfo;
    expect((await post(app, 'logout', { refreshToken: b.refreshToken })).statusCode).toBe(200);
    expect((await getProfile(app, b.accessToken)).statusCode).toBe(401);
  });

  it('requires a valid bearer token for the profile', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/eta/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await getProfile(app, 'abc.def.ghi')).statusCode).toBe(401);
  });
});
