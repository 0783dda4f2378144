import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_LIFETIME_SECONDS, CODE_LIFETIME_SECONDS } from '../accounts/email-keys';
import { KNOWN_DEVICE_COOKIE } from '../accounts/known-device';
import type { HashJob } from '../accounts/password-hasher';
import {
  OTHER_PASSWORD,
  STRONG_PASSWORD,
  authKeyOf,
  codeOf,
  getProfile,
  post,
  registerVerifiedAndLogin,
  registrationBody,
  waitForMail,
} from '../accounts/testing/client';
import { THROTTLE_RULES } from '../accounts/throttle';
import { translate } from '../i18n';
import { buildTestApp, databases } from '../testing/harness';

/**
 * The accounts calls seen from outside, as an attacker sees them: through HTTP only, with what a guesser, a
 * thief of a token or a link, or someone at a shared computer can send. The rules themselves are tested beside
 * the code in src/server/accounts/; this suite holds the promises the product makes about them together.
 */

// Counts the password hashing work each request does: the jobs given to the hashing threads (which still run them).
const hashJobs = vi.hoisted(() => [] as HashJob[]);
vi.mock('../accounts/password-hasher', async (importOriginal) => {
  const real = await importOriginal<typeof import('../accounts/password-hasher')>();
  return {
    ...real,
    createPasswordHasher: (options: Parameters<typeof real.createPasswordHasher>[0]) => {
      const hasher = real.createPasswordHasher(options);
      return {
        ...hasher,
        run: (job: HashJob) => {
          hashJobs.push(job);
          return hasher.run(job);
        },
      };
    },
  };
});

const T0 = Date.parse('2027-06-01T08:00:00Z');
const WRONG = 'Wrong-Guess-12!';

/** How many argon2 hashes and verifications `run` caused. */
async function argon2Work(run: () => Promise<unknown>): Promise<{ hash: number; verify: number }> {
  hashJobs.length = 0;
  await run();
  return {
    hash: hashJobs.filter((job) => job.op === 'hash').length,
    verify: hashJobs.filter((job) => job.op === 'verify').length,
  };
}

/** What an observer of an answer learns: the status, the body and the cookies set (none expected). */
const observed = (response: LightMyRequestResponse, email: string) => ({
  status: response.statusCode,
  body: response.body.replaceAll(email, '<address>'),
  cookies: response.headers['set-cookie'],
  retryAfter: response.headers['retry-after'],
});

describe.each(databases())('authentication seen from outside on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, env: { CLIENT_EMAIL_LIMIT: '1000', CLIENT_CODE_ENTRY_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const at = (seconds: number) => vi.setSystemTime(new Date(T0 + seconds * 1000));

  describe('enumeration', () => {
    beforeAll(async () => {
      // The dummy hash of unknown addresses is made once, on the first use: not part of any answer compared below.
      await post(app, 'login', { email: 'warm.up@example.com', password: WRONG });
    });

    /** A fresh verified account, a fresh unconfirmed one and an unknown address (fresh, so no limit is shared). */
    async function addresses(): Promise<[string, string, string]> {
      const n = i0();
      const [verified, unverified] = [`known.${n}@example.com`, `unconfirmed.${n}@example.com`];
      await registerVerifiedAndLogin(app, verified);
      expect((await post(app, 'register', registrationBody(unverified))).statusCode).toBe(201);
      await waitForMail(app, unverified);
      return [verified, unverified, `unknown.${n}@example.com`];
    }

    /** Every call that takes an e-mail address, with the body it sends for one. */
    const calls: [string, string, (email: string) => Record<string, unknown>][] = [
      ['login with a wrong password', 'login', (email) => ({ email, password: WRONG })],
      ['registration', 'register', (email) => registrationBody(email)],
      ['forgot password', 'request-password-reset', (email) => ({ email })],
      ['confirmation e-mail request', 'verify-email-request', (email) => ({ email, emailAction: 'VERIFY_EMAIL' })],
      ['reset e-mail request', 'verify-email-request', (email) => ({ email, emailAction: 'RESET_PASSWORD' })],
      ['confirmation code', 'verify', (email) => ({ email, code: '000000', emailAction: 'VERIFY_EMAIL' })],
      ['reset code', 'verify', (email) => ({ email, code: '000000', emailAction: 'RESET_PASSWORD' })],
    ];

    it.each(calls)(
      '%s: a known and an unknown address get the same status and body, after the same password work',
      async (_name, path, body) => {
        const answers = [];
        for (const [i, email] of (await addresses()).entries()) {
          let response: LightMyRequestResponse | undefined;
          const work = await argon2Work(async () => {
            response = await post(app, path, body(email), { ip: `192.0.2.${10 + i}` });
          });
          answers.push({ ...observed(response!, email), work });
        }
        expect(answers[0].status).toBeLessThan(500);
        expect(answers[1]).toEqual(answers[0]);
        expect(answers[2]).toEqual(answers[0]);
      },
    );

    it('verifies the password of an unknown address against a dummy hash, as it does a real one', async () => {
      const [verified, , nobody] = await addresses();
      const known = await argon2Work(() => post(app, 'login', { email: verified, password: WRONG }));
      const unknown = await argon2Work(() => post(app, 'login', { email: nobody, password: WRONG }));
      expect(known).toEqual({ hash: 0, verify: 1 });
      expect(unknown).toEqual(known);
      // The dummy is a real argon2id hash with the same cost, not a string that fails at once.
      const [dummy] = hashJobs;
      expect(dummy.op === 'verify' && dummy.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('hashes the password of a registration for an address already taken, as it does for a new one', async () => {
      const [verified, , fresh] = await addresses();
      const taken = await argon2Work(() => post(app, 'register', registrationBody(verified), { ip: '192.0.2.30' }));
      const unknown = await argon2Work(() => post(app, 'register', registrationBody(fresh), { ip: '192.0.2.31' }));
      expect(taken).toEqual({ hash: 1, verify: 0 });
      expect(unknown).toEqual(taken);
    });

    it('holds a known and an unknown address alike once the e-mail limit of an address is reached', async () => {
      const answers = [];
      const [verified, , unknown] = await addresses();
      for (const email of [verified, unknown]) {
        // One client's allowance for the address (the registration's e-mail came from another client address).
        let last: LightMyRequestResponse | undefined;
        for (let i = 0; i <= THROTTLE_RULES.emailAddressClient.limit; i += 1)
          last = await post(app, 'request-password-reset', { email }, { ip: '198.51.100.77' });
        answers.push(observed(last!, email));
      }
      expect(answers[0].status).toBe(429);
      expect(answers[1]).toEqual(answers[0]);
    });
  });

  let counter = 0;
  function i0(): number {
    counter += 1;
    return counter;
  }

  describe('throttling', () => {
    const login = (email: string, password: string, ip: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/eta/profile/login',
        payload: { email, password },
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
      });

    it('slows a guesser down more at every failure while the owner signs in from a known browser and resets', async () => {
      const email = 'guessed@example.com';
      await registerVerifiedAndLogin(app, email);
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const ownerSignIn = await login(email, STRONG_PASSWORD, '198.51.100.50');
      const cookie = [ownerSignIn.headers['set-cookie']].flat().find((c) => c?.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
      expect(cookie).toBeDefined();

      const { freeFailures, limit } = THROTTLE_RULES.loginAccountClient;
      for (let i = 0; i < freeFailures; i += 1)
        expect((await login(email, `${WRONG}${i}`, '203.0.113.66')).statusCode).toBe(401);
      const waits: number[] = [];
      let now = 0;
      for (let i = freeFailures; i < limit; i += 1) {
        const held = await login(email, STRONG_PASSWORD, '203.0.113.66');
        expect(held.statusCode).toBe(429);
        // Holding even the right password: the guesser learns nothing from a held answer.
        expect(held.json().code).toBe('TOO_MANY_REQUESTS');
        waits.push(Number(held.headers['retry-after']));
        now += waits.at(-1)!;
        at(now);
        expect((await login(email, `${WRONG}${i}`, '203.0.113.66')).statusCode).toBe(401);
      }
      expect(waits.every((wait, i) => i === 0 || wait > waits[i - 1])).toBe(true);
      expect(waits[0]).toBeGreaterThan(0);
      expect((await login(email, STRONG_PASSWORD, '203.0.113.66')).statusCode).toBe(429);

      // At the same moment, the owner's own browser is not held, nor is a reset.
      expect((await login(email, STRONG_PASSWORD, '203.0.113.66', cookie!.split(';')[0])).statusCode).toBe(200);
      expect((await post(app, 'request-password-reset', { email }, { ip: '203.0.113.66' })).statusCode).toBe(200);
      // The newest of the registration's and the reset's mails.
      const [mail] = await waitForMail(app, email, 2);
      const reset = await post(
        app,
        'reset-password',
        { authKey: authKeyOf(mail), newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        { ip: '203.0.113.66' },
      );
      expect(reset.statusCode).toBe(200);
      expect((await login(email, OTHER_PASSWORD, '198.51.100.51')).statusCode).toBe(200);
    });
  });

  describe('tokens and sessions', () => {
    let email: string;
    beforeEach(() => {
      email = `session.${i0()}@example.com`;
    });
    const signInAgain = async () => (await post(app, 'login', { email, password: STRONG_PASSWORD })).json().tokenInfo;
    const refresh = (refreshToken: string) => post(app, 'refresh', { refreshToken });

    it('ends the family of a stolen refresh token when the thief and the owner have both used it', async () => {
      const victim = (await registerVerifiedAndLogin(app, email)).tokenInfo;
      // The thief refreshes first and goes on refreshing; then the owner's browser uses the same token.
      const thief = (await refresh(victim.refreshToken)).json();
      const thiefNext = (await refresh(thief.refreshToken)).json();
      expect((await getProfile(app, thiefNext.accessToken)).statusCode).toBe(200);
      const replay = await refresh(victim.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error).toBe(translate('en', 'api:accounts.refreshTokenInvalid'));
      // Every token of the family is dead: the thief's access token and its latest refresh token.
      expect((await getProfile(app, thiefNext.accessToken)).statusCode).toBe(401);
      expect((await refresh(thiefNext.refreshToken)).statusCode).toBe(401);
      expect((await getProfile(app, victim.accessToken)).statusCode).toBe(401);
      // The owner signs in again.
      expect((await getProfile(app, (await signInAgain()).accessToken)).statusCode).toBe(200);
    });

    it('logs out on the server: the tokens of that session fail on every authenticated call', async () => {
      const session = (await registerVerifiedAndLogin(app, email)).tokenInfo;
      const bearer = { authorization: `Bearer ${session.accessToken}` };
      expect((await app.inject({ method: 'GET', url: '/api/eta/applications', headers: bearer })).statusCode).toBe(200);
      expect(
        (await post(app, 'logout', { refreshToken: session.refreshToken }, { token: session.accessToken })).statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/eta/applications', headers: bearer })).statusCode).toBe(401);
      expect((await getProfile(app, session.accessToken)).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
      const change = await post(
        app,
        'change-password',
        { currentPassword: STRONG_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        { token: session.accessToken },
      );
      expect(change.statusCode).toBe(401);
    });

    it('ends every other session, with its refresh token, when the password is changed', async () => {
      const here = (await registerVerifiedAndLogin(app, email)).tokenInfo;
      const elsewhere = await signInAgain();
      const change = await post(
        app,
        'change-password',
        { currentPassword: STRONG_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        { token: here.accessToken },
      );
      expect(change.statusCode).toBe(200);
      expect((await getProfile(app, elsewhere.accessToken)).statusCode).toBe(401);
      expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
      expect((await getProfile(app, here.accessToken)).statusCode).toBe(200);
      expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    });

    it('ends every session, with its refresh token, when the password is reset', async () => {
      const sessions = [(await registerVerifiedAndLogin(app, email)).tokenInfo, await signInAgain()];
      expect((await post(app, 'request-password-reset', { email })).statusCode).toBe(200);
      const [mail] = await waitForMail(app, email, 2);
      const reset = await post(app, 'reset-password', {
        authKey: authKeyOf(mail),
        newPassword: OTHER_PASSWORD,
        confirmPassword: OTHER_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      for (const session of sessions) {
        expect((await getProfile(app, session.accessToken)).statusCode).toBe(401);
        expect((await refresh(session.refreshToken)).statusCode).toBe(401);
      }
    });
  });

  describe('links and codes', () => {
    /** A new unverified account and its confirmation mail, or a verified one and its reset mail. */
    async function mailFor(purpose: 'VERIFY_EMAIL' | 'RESET_PASSWORD') {
      const email = `keys.${i0()}@example.com`;
      if (purpose === 'VERIFY_EMAIL') {
        expect((await post(app, 'register', registrationBody(email))).statusCode).toBe(201);
        return { email, mail: (await waitForMail(app, email))[0] };
      }
      await registerVerifiedAndLogin(app, email);
      expect((await post(app, 'request-password-reset', { email })).statusCode).toBe(200);
      return { email, mail: (await waitForMail(app, email, 2))[0] };
    }

    type Sent = { email: string; mail: { text: string } };
    const newPassword = { newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD };
    /** Uses what a mail carries: the link's key, or the code (traded for a key and then used, for a reset). */
    const uses = {
      'confirmation link': ({ mail }: Sent) => post(app, 'verify', { authKey: authKeyOf(mail) }),
      'confirmation code': ({ email, mail }: Sent) =>
        post(app, 'verify', { email, code: codeOf(mail), emailAction: 'VERIFY_EMAIL' }),
      'reset link': ({ mail }: Sent) => post(app, 'reset-password', { authKey: authKeyOf(mail), ...newPassword }),
      'reset code': ({ email, mail }: Sent) =>
        post(app, 'verify', { email, code: codeOf(mail), emailAction: 'RESET_PASSWORD' }),
    };
    const cases = [
      ['confirmation link', 'VERIFY_EMAIL', KEY_LIFETIME_SECONDS.VERIFY_EMAIL],
      ['confirmation code', 'VERIFY_EMAIL', CODE_LIFETIME_SECONDS],
      ['reset link', 'RESET_PASSWORD', KEY_LIFETIME_SECONDS.RESET_PASSWORD],
      ['reset code', 'RESET_PASSWORD', CODE_LIFETIME_SECONDS],
    ] as const;

    it.each(cases)('a %s works once, and never again', async (name, purpose) => {
      const sent = await mailFor(purpose);
      const first = await uses[name](sent);
      expect(first.statusCode, first.body).toBe(200);
      const again = await uses[name](sent);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toMatch(/_INVALID$/);
    });

    it.each(cases)('a %s stops working at the end of its lifetime', async (name, purpose, lifetime) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const sent = await mailFor(purpose);
      at(lifetime + 1);
      const late = await uses[name](sent);
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toMatch(/_INVALID$/);
    });
  });
});
