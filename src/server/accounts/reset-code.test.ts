import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocumented } from '../openapi/testing/conformance';
import { buildTestApp, databases } from '../testing/harness';
import {
  OTHER_PASSWORD,
  STRONG_PASSWORD,
  authKeyOf,
  codeOf,
  getProfile,
  mailbox,
  post,
  registerVerifiedAndLogin,
  registrationBody,
  waitForMail,
  type MailboxMessage,
} from './testing/client';

const NEW_PASSWORD = 'Harbour-Violet-29#';

describe.each(databases())('password reset codes and change-password with a reset key on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Every test sends several e-mails from the same client address: only the per-address limits matter here.
    app = await buildTestApp({ db: kind, publicUrl: 'http://portal.test', env: { CLIENT_EMAIL_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await app.close();
  });

  /** Asks for a password reset e-mail (either way the browser can) and answers it once it has arrived. */
  async function resetMail(
    email: string,
    via: 'request-password-reset' | 'verify-email-request' = 'request-password-reset',
  ): Promise<MailboxMessage> {
    const before = (await mailbox(app, email)).length;
    const body = via === 'request-password-reset' ? { email } : { email, emailAction: 'RESET_PASSWORD' };
    expect((await post(app, via, body)).statusCode).toBe(200);
    const [message] = await waitForMail(app, email, before + 1);
    expect(message.subject).toBe('Reset your password');
    return message;
  }

  /** Trades the code of a fresh reset e-mail for a reset key. */
  async function resetKey(email: string, ip = '127.0.0.1'): Promise<string> {
    const accepted = await post(
      app,
      'verify',
      { email, code: codeOf(await resetMail(email)), emailAction: 'RESET_PASSWORD' },
      { ip },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json().authKey;
  }

  const changeWithKey = (
    token: string,
    authKey: string,
    password = NEW_PASSWORD,
    options: { ip?: string; lang?: string } = {},
  ) =>
    post(app, 'change-password', { authKey, newPassword: password, confirmPassword: password }, { token, ...options });

  const loginStatus = async (email: string, password: string) =>
    (await post(app, 'login', { email, password })).statusCode;

  it('puts a 6-digit code beside the link in the reset e-mail, whichever call asked for it', async () => {
    await registerVerifiedAndLogin(app, 'mailed-code@example.com');
    for (const via of ['request-password-reset', 'verify-email-request'] as const) {
      const message = await resetMail('mailed-code@example.com', via);
      expect(message.text).toMatch(/http:\/\/portal\.test\/reset-password\?authKey=[\w-]{43}/);
      expect(message.text).toMatch(/If the link will not open on this device, enter this code instead: \d{6}\n/);
      expect(message.text).toContain('The link works for 1 hour and the code for 10 minutes. Each can be used once.');
      expect(message.html).toContain(codeOf(message));
    }
  });

  it('trades a right reset code for a reset key, once, and the key changes the password once', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'traded@example.com');
    const message = await resetMail('traded@example.com');
    const code = codeOf(message);
    const accepted = await post(app, 'verify', { email: 'Traded@Example.com', code, emailAction: 'RESET_PASSWORD' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      message: 'Code accepted. Choose your new password.',
      authKey: expect.stringMatching(/^[\w-]{43}$/),
    });
    expectDocumented('/api/eta/profile/verify', 'post', accepted);
    const { authKey } = accepted.json();
    expect(authKey).not.toBe(authKeyOf(message));

    const again = await post(app, 'verify', { email: 'traded@example.com', code, emailAction: 'RESET_PASSWORD' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CODE_INVALID');

    const changed = await changeWithKey(tokenInfo.accessToken, authKey);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      message: 'Your password has been changed. You have been signed out on your other devices.',
    });
    expectDocumented('/api/eta/profile/change-password', 'post', changed);
    expect(await loginStatus('traded@example.com', NEW_PASSWORD)).toBe(200);

    const reused = await changeWithKey(tokenInfo.accessToken, authKey, OTHER_PASSWORD);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('RESET_LINK_INVALID');
    expectDocumented('/api/eta/profile/change-password', 'post', reused);
    expect(await loginStatus('traded@example.com', OTHER_PASSWORD)).toBe(401);
  });

  it('lets reset-password take the key a reset code was traded for, once', async () => {
    await registerVerifiedAndLogin(app, 'signed-out@example.com');
    const authKey = await resetKey('signed-out@example.com');
    const body = { authKey, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await post(app, 'reset-password', body)).statusCode).toBe(200);
    expect(await loginStatus('signed-out@example.com', NEW_PASSWORD)).toBe(200);
    expect(
      (
        await post(app, 'reset-password', { ...body, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD })
      ).json().code,
    ).toBe('RESET_LINK_INVALID');
  });

  it('confirms the address of an unconfirmed profile whose reset code is right', async () => {
    await post(app, 'register', registrationBody('unconfirmed@example.com'));
    await waitForMail(app, 'unconfirmed@example.com');
    expect(await loginStatus('unconfirmed@example.com', STRONG_PASSWORD)).toBe(403);
    const authKey = await resetKey('unconfirmed@example.com');
    const row = await app.db
      .selectFrom('profiles')
      .select('email_verified')
      .where('email', '=', 'unconfirmed@example.com')
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(1);
    expect(await loginStatus('unconfirmed@example.com', STRONG_PASSWORD)).toBe(200);
    expect(
      (await post(app, 'reset-password', { authKey, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a wrong reset code, kills it at the fifth, and answers an unknown address the same', async () => {
    await registerVerifiedAndLogin(app, 'guesser@example.com');
    const code = codeOf(await resetMail('guesser@example.com'));
    const wrong = code === '999999' ? '999998' : '999999';
    const ip = '198.51.100.21';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        await post(app, 'verify', { email: 'guesser@example.com', code: wrong, emailAction: 'RESET_PASSWORD' }, { ip }),
      );
    expect(answers.map((a) => [a.statusCode, a.json().code])).toEqual([
      [400, 'CODE_INVALID'],
      [400, 'CODE_INVALID'],
      [400, 'CODE_INVALID'],
      [400, 'CODE_INVALID'],
      [400, 'CODE_ATTEMPTS_EXCEEDED'],
    ]);
    const right = await post(
      app,
      'verify',
      { email: 'guesser@example.com', code, emailAction: 'RESET_PASSWORD' },
      { ip },
    );
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({
      error: 'The code was entered wrongly too many times. Ask for a new one.',
      code: 'CODE_ATTEMPTS_EXCEEDED',
    });

    const unknown = await post(
      app,
      'verify',
      { email: 'nobody-here@example.com', code: wrong, emailAction: 'RESET_PASSWORD' },
      { ip: '198.51.100.22' },
    );
    expect(unknown.statusCode).toBe(answers[0].statusCode);
    expect(unknown.body).toBe(answers[0].body);
    expect(unknown.json()).toEqual({
      error: 'The code is not correct, or it has expired. Check it or ask for a new one.',
      code: 'CODE_INVALID',
    });
  });

  it('keeps confirmation codes and reset codes apart', async () => {
    await post(app, 'register', registrationBody('two-codes@example.com'));
    const verifyCode = codeOf((await waitForMail(app, 'two-codes@example.com'))[0]);
    const resetCode = codeOf(await resetMail('two-codes@example.com'));
    const ip = '198.51.100.23';
    if (verifyCode !== resetCode) {
      const confirmationAsReset = await post(
        app,
        'verify',
        { email: 'two-codes@example.com', code: verifyCode, emailAction: 'RESET_PASSWORD' },
        { ip },
      );
      expect(confirmationAsReset.json().code).toBe('CODE_INVALID');
      const resetAsConfirmation = await post(
        app,
        'verify',
        { email: 'two-codes@example.com', code: resetCode },
        { ip },
      );
      expect(resetAsConfirmation.json().code).toBe('CODE_INVALID');
      const resetAsExplicitConfirmation = await post(
        app,
        'verify',
        { email: 'two-codes@example.com', code: resetCode, emailAction: 'VERIFY_EMAIL' },
        { ip },
      );
      expect(resetAsExplicitConfirmation.json().code).toBe('CODE_INVALID');
    }
    // Each code still works for what it was sent for, and only the reset code is answered with a key.
    const confirmed = await post(
      app,
      'verify',
      { email: 'two-codes@example.com', code: verifyCode, emailAction: 'VERIFY_EMAIL' },
      { ip },
    );
    expect(confirmed.json()).toEqual({ message: 'Your e-mail address is confirmed. You can now sign in.' });
    const accepted = await post(
      app,
      'verify',
      { email: 'two-codes@example.com', code: resetCode, emailAction: 'RESET_PASSWORD' },
      { ip },
    );
    expect(Object.keys(accepted.json()).sort()).toEqual(['authKey', 'message']);
  });

  it('refuses a reset key together with an e-mail action in verify', async () => {
    const response = await post(app, 'verify', { authKey: 'A'.repeat(43), emailAction: 'RESET_PASSWORD' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: '', key: 'validation:verify.keyOrCode' }],
    });
    expect(
      (await post(app, 'verify', { email: 'a@example.com', code: '123456', emailAction: 'LOGIN' })).json().code,
    ).toBe('VALIDATION_FAILED');
  });

  it('changes the password with a reset key: this session stays, the others end, a notification is sent', async () => {
    const mine = (await registerVerifiedAndLogin(app, 'keyed@example.com')).tokenInfo;
    const elsewhere = (await post(app, 'login', { email: 'keyed@example.com', password: STRONG_PASSWORD })).json()
      .tokenInfo;
    const authKey = await resetKey('keyed@example.com');
    const mailsBefore = (await mailbox(app, 'keyed@example.com')).length;

    const response = await changeWithKey(mine.accessToken, authKey);
    expect(response.statusCode).toBe(200);
    expect(await loginStatus('keyed@example.com', NEW_PASSWORD)).toBe(200);
    expect(await loginStatus('keyed@example.com', STRONG_PASSWORD)).toBe(401);
    expect((await getProfile(app, mine.accessToken)).statusCode).toBe(200);
    expect((await post(app, 'refresh', { refreshToken: mine.refreshToken })).statusCode).toBe(200);
    expect((await getProfile(app, elsewhere.accessToken)).statusCode).toBe(401);
    expect((await post(app, 'refresh', { refreshToken: elsewhere.refreshToken })).statusCode).toBe(401);
    const [notice] = await waitForMail(app, 'keyed@example.com', mailsBefore + 1);
    expect(notice.subject).toBe('Your password was changed');
  });

  it('also takes the key of the reset e-mail link', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'linked@example.com');
    const authKey = authKeyOf(await resetMail('linked@example.com'));
    expect((await changeWithKey(tokenInfo.accessToken, authKey)).statusCode).toBe(200);
    expect(await loginStatus('linked@example.com', NEW_PASSWORD)).toBe(200);
  });

  it('refuses the key of another profile without using it up, on the authKey field', async () => {
    const intruder = (await registerVerifiedAndLogin(app, 'intruder@example.com')).tokenInfo;
    const owner = (await registerVerifiedAndLogin(app, 'owner@example.com')).tokenInfo;
    const ownersKey = await resetKey('owner@example.com');

    const refused = await changeWithKey(intruder.accessToken, ownersKey, NEW_PASSWORD, { ip: '198.51.100.31' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'This code has expired or was already used. Ask for a new code.',
      code: 'RESET_LINK_INVALID',
      fields: [
        {
          field: 'authKey',
          key: 'api:accounts.resetCodeExpired',
          message: 'This code has expired or was already used. Ask for a new code.',
        },
      ],
    });
    expect(await loginStatus('intruder@example.com', STRONG_PASSWORD)).toBe(200);
    expect(await loginStatus('intruder@example.com', NEW_PASSWORD)).toBe(401);

    expect((await changeWithKey(owner.accessToken, ownersKey)).statusCode).toBe(200);
    expect(await loginStatus('owner@example.com', NEW_PASSWORD)).toBe(200);
  });

  it('answers an unknown key in the profile language', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'french@example.com', STRONG_PASSWORD, 'fr');
    const refused = await changeWithKey(tokenInfo.accessToken, 'E'.repeat(43), NEW_PASSWORD, {
      ip: '198.51.100.32',
      lang: 'fr',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'Ce code a expiré ou a déjà servi. Demandez-en un nouveau.',
      code: 'RESET_LINK_INVALID',
      fields: [
        {
          field: 'authKey',
          key: 'api:accounts.resetCodeExpired',
          message: 'Ce code a expiré ou a déjà servi. Demandez-en un nouveau.',
        },
      ],
    });
  });

  it('refuses a mismatched or common new password with the form messages, without using up the key', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'mismatch@example.com');
    const authKey = await resetKey('mismatch@example.com');
    const mismatch = await post(
      app,
      'change-password',
      { authKey, newPassword: NEW_PASSWORD, confirmPassword: 'Harbour-Violet-30#' },
      { token: tokenInfo.accessToken },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      error: expect.any(String),
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'confirmPassword', key: 'validation:passwords.mismatch', message: expect.any(String) }],
    });
    const common = await changeWithKey(tokenInfo.accessToken, authKey, 'Qwerty123!');
    expect(common.json().fields).toEqual([
      {
        field: 'newPassword',
        key: 'api:password.common',
        message: 'This password is too common. Choose a password that is harder to guess.',
      },
    ]);
    const missing = await post(app, 'change-password', { authKey }, { token: tokenInfo.accessToken });
    expect(missing.json().fields.map((f: { field: string; key: string }) => [f.field, f.key])).toEqual([
      ['newPassword', 'validation:newPassword.required'],
      ['confirmPassword', 'validation:confirmPassword.required'],
    ]);
    expect((await changeWithKey(tokenInfo.accessToken, authKey)).statusCode).toBe(200);
  });

  it('refuses the current password and a key together, and a key without a signed-in user', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'both@example.com');
    const authKey = await resetKey('both@example.com');
    const both = await post(
      app,
      'change-password',
      { currentPassword: STRONG_PASSWORD, authKey, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: tokenInfo.accessToken },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'currentPassword', key: 'validation:generic.unknownField' }],
    });

    const anonymous = await post(app, 'change-password', {
      authKey,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
    expect(await loginStatus('both@example.com', STRONG_PASSWORD)).toBe(200);
    // Neither refusal used the key up.
    expect((await changeWithKey(tokenInfo.accessToken, authKey)).statusCode).toBe(200);
  });

  it('counts wrong keys towards the code-entry limit of the client, before any key is used', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'limited@example.com');
    const ip = '198.51.100.40';
    const authKey = await resetKey('limited@example.com', '198.51.100.41');
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await changeWithKey(tokenInfo.accessToken, `${'F'.repeat(40)}${i}${i}${i}`, NEW_PASSWORD, { ip })).statusCode,
      );
    expect(statuses).toEqual(Array(10).fill(400));
    const limited = await changeWithKey(tokenInfo.accessToken, authKey, NEW_PASSWORD, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expectDocumented('/api/eta/profile/change-password', 'post', limited);
    // Wrong reset codes from that client are refused by the same limit.
    expect(
      (
        await post(
          app,
          'verify',
          { email: 'limited@example.com', code: '123456', emailAction: 'RESET_PASSWORD' },
          { ip },
        )
      ).statusCode,
    ).toBe(429);
    // The limited call did not use the key up.
    expect(
      (await changeWithKey(tokenInfo.accessToken, authKey, NEW_PASSWORD, { ip: '198.51.100.42' })).statusCode,
    ).toBe(200);
  });

  // Fifty real password checks: slow on a busy machine.
  it(
    'lets the address sign in at once after a change with a key, even after many wrong passwords',
    { timeout: 90_000 },
    async () => {
      const { tokenInfo } = await registerVerifiedAndLogin(app, 'locked@example.com');
      // Fifty failures from as many client addresses hold every client that never signed in to the account.
      for (let i = 0; i < 50; i++)
        await post(
          app,
          'login',
          { email: 'locked@example.com', password: `Wrong-${i}!aA` },
          { ip: `203.0.113.${i + 1}` },
        );
      expect(
        (await post(app, 'login', { email: 'locked@example.com', password: STRONG_PASSWORD }, { ip: '203.0.113.50' }))
          .statusCode,
      ).toBe(429);
      const authKey = await resetKey('locked@example.com');
      expect((await changeWithKey(tokenInfo.accessToken, authKey)).statusCode).toBe(200);
      expect(
        (await post(app, 'login', { email: 'locked@example.com', password: NEW_PASSWORD }, { ip: '203.0.113.51' }))
          .statusCode,
      ).toBe(200);
    },
  );
});
