import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import {
  OTHER_PASSWORD,
  STRONG_PASSWORD,
  authKeyOf,
  getProfile,
  mailbox,
  post,
  registerVerifiedAndLogin,
  waitForMail,
} from './testing/client';

describe.each(databases())('password reset and change on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, publicUrl: 'http://portal.test' });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a reset request the same whether or not the account exists, and mails a link only to a real one', async () => {
    await registerVerifiedAndLogin(app, 'forgot@example.com');
    const known = await post(app, 'request-password-reset', { email: 'Forgot@Example.com' });
    const unknown = await post(app, 'request-password-reset', { email: 'unknown@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: expect.stringContaining('If an account exists') });
    const [message] = await waitForMail(app, 'forgot@example.com', 2);
    expect(message.subject).toBe('Reset your password');
    expect(message.text).toMatch(/http:\/\/portal\.test\/reset-password\?authKey=[\w-]{43}/);
    expect(await mailbox(app, 'unknown@example.com')).toEqual([]);
    expect((await post(app, 'request-password-reset', { email: 'bad' })).json().code).toBe('VALIDATION_FAILED');
  });

  it('resets the password with the link, once, ends every session and sends a notification', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'reset@example.com');
    await post(app, 'request-password-reset', { email: 'reset@example.com' });
    const [resetMail] = await waitForMail(app, 'reset@example.com', 2);
    const authKey = authKeyOf(resetMail);

    const response = await post(app, 'reset-password', {
      authKey,
      newPassword: OTHER_PASSWORD,
      confirmPassword: OTHER_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been reset. Sign in with your new password.' });
    expect((await getProfile(app, tokenInfo.accessToken)).statusCode).toBe(401);
    expect((await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken })).statusCode).toBe(401);
    expect((await post(app, 'login', { email: 'reset@example.com', password: STRONG_PASSWORD })).statusCode).toBe(401);
    expect((await post(app, 'login', { email: 'reset@example.com', password: OTHER_PASSWORD })).statusCode).toBe(200);

    const [notice] = await waitForMail(app, 'reset@example.com', 3);
    expect(notice.subject).toBe('Your password was changed');

    const again = await post(app, 'reset-password', {
      authKey,
      newPassword: 'Third-Password-9!',
      confirmPassword: 'Third-Password-9!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: expect.stringContaining('reset link is not valid'),
      code: 'RESET_LINK_INVALID',
    });
  });

  it('expires a reset link after one hour', async () => {
    await registerVerifiedAndLogin(app, 'slow@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-06-01T12:00:00Z'));
    await post(app, 'request-password-reset', { email: 'slow@example.com' });
    const [resetMail] = await waitForMail(app, 'slow@example.com', 2);
    vi.setSystemTime(new Date('2027-06-01T13:00:00Z'));
    const late = await post(app, 'reset-password', {
      authKey: authKeyOf(resetMail),
      newPassword: OTHER_PASSWORD,
      confirmPassword: OTHER_PASSWORD,
    });
    expect(late.json().code).toBe('RESET_LINK_INVALID');
  });

  it('refuses a common or mismatched new password without using up the link', async () => {
    await registerVerifiedAndLogin(app, 'weak@example.com');
    await post(app, 'request-password-reset', { email: 'weak@example.com' });
    const authKey = authKeyOf((await waitForMail(app, 'weak@example.com', 2))[0]);
    const common = await post(app, 'reset-password', {
      authKey,
      newPassword: 'Qwerty123!',
      confirmPassword: 'Qwerty123!',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual([
      {
        field: 'newPassword',
        key: 'api:password.common',
        message: 'This password is too common. Choose a password that is harder to guess.',
      },
    ]);
    const mismatch = await post(app, 'reset-password', {
      authKey,
      newPassword: OTHER_PASSWORD,
      confirmPassword: 'Something-Else-1!',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.map((f: { field: string }) => f.field)).toContain('confirmPassword');
    expect(
      (await post(app, 'reset-password', { authKey, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('changes the password for a signed-in user, ends the other sessions and keeps this one', async () => {
    const mine = (await registerVerifiedAndLogin(app, 'change@example.com')).tokenInfo;
    const elsewhere = (await post(app, 'login', { email: 'change@example.com', password: STRONG_PASSWORD })).json()
      .tokenInfo;
    const response = await post(
      app,
      'change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      { token: mine.accessToken },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.stringContaining('Your password has been changed') });
    expect((await getProfile(app, mine.accessToken)).statusCode).toBe(200);
    expect((await post(app, 'refresh', { refreshToken: mine.refreshToken })).statusCode).toBe(200);
    expect((await getProfile(app, elsewhere.accessToken)).statusCode).toBe(401);
    expect((await post(app, 'refresh', { refreshToken: elsewhere.refreshToken })).statusCode).toBe(401);
    expect((await post(app, 'login', { email: 'change@example.com', password: OTHER_PASSWORD })).statusCode).toBe(200);
    const [notice] = await waitForMail(app, 'change@example.com', 2);
    expect(notice.subject).toBe('Your password was changed');
  });

  it('refuses a wrong current password on its field, and a common new one', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'careful@example.com', STRONG_PASSWORD, 'fr');
    const wrong = await post(
      app,
      'change-password',
      { currentPassword: 'Not-Current-1!', newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      { token: tokenInfo.accessToken, lang: 'fr' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'Le mot de passe actuel n’est pas correct.',
      code: 'CURRENT_PASSWORD_INVALID',
      fields: [
        {
          field: 'currentPassword',
          key: 'api:accounts.currentPasswordInvalid',
          message: 'Le mot de passe actuel n’est pas correct.',
        },
      ],
    });
    const common = await post(
      app,
      'change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Iloveyou1!', confirmPassword: 'Iloveyou1!' },
      { token: tokenInfo.accessToken },
    );
    expect(common.json().fields[0]).toMatchObject({ field: 'newPassword', key: 'api:password.common' });
    expect((await post(app, 'login', { email: 'careful@example.com', password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('requires a signed-in user to change a password', async () => {
    const body = { currentPassword: STRONG_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD };
    const response = await post(app, 'change-password', body);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
    expect((await post(app, 'change-password', { currentPassword: 'x' }, { token: 'a.b.c' })).statusCode).toBe(401);
  });
});
