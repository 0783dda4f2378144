import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import {
  OTHER_PASSWORD,
  STRONG_PASSWORD,
  getProfile,
  post,
  registerVerifiedAndLogin,
  waitForMail,
} from './testing/client';

const patchLanguage = (app: FastifyInstance, token: string, body: unknown, lang?: string) =>
  app.inject({
    method: 'PATCH',
    url: '/api/eta/profile',
    headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
    payload: body as Record<string, unknown>,
  });

describe.each(databases())('the profile language on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, publicUrl: 'http://portal.test' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is saved with PATCH and then used for the answers of signed-in calls that ask for no offered language', async () => {
    const accessToken = (await registerVerifiedAndLogin(app, 'language@example.com')).tokenInfo.accessToken;
    expect((await getProfile(app, accessToken)).json()).toMatchObject({ language: 'en' });

    const saved = await patchLanguage(app, accessToken, { language: 'fr' }, 'en');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'language@example.com', language: 'fr' });
    expect((await getProfile(app, accessToken)).json()).toMatchObject({ language: 'fr' });

    const wrong = await post(
      app,
      'change-password',
      { currentPassword: 'Not-The-Password-1!', newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      { token: accessToken, lang: 'de-DE,de;q=0.9' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([
      {
        field: 'currentPassword',
        key: 'api:accounts.currentPasswordInvalid',
        message: 'Le mot de passe actuel n’est pas correct.',
      },
    ]);
  });

  it('is the language of the e-mails sent to the profile', async () => {
    const accessToken = (await registerVerifiedAndLogin(app, 'mail-language@example.com')).tokenInfo.accessToken;
    await patchLanguage(app, accessToken, { language: 'fr' });
    const changed = await post(
      app,
      'change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      { token: accessToken, lang: 'en' },
    );
    expect(changed.statusCode).toBe(200);
    // The answer follows the request's language; the e-mail the profile's.
    expect(changed.json().message).toBe(
      'Your password has been changed. You have been signed out on your other devices.',
    );
    const [message] = await waitForMail(app, 'mail-language@example.com', 2);
    expect(message.subject).toBe('Votre mot de passe a été modifié');
  });

  it('refuses a language the portal does not offer, and a malformed one, on the language field', async () => {
    const accessToken = (await registerVerifiedAndLogin(app, 'no-such-language@example.com')).tokenInfo.accessToken;
    const unknown = await patchLanguage(app, accessToken, { language: 'de' }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'language', key: 'api:accounts.languageNotOffered', message: 'This language is not offered.' }],
    });
    const malformed = await patchLanguage(app, accessToken, { language: '../../etc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual([expect.objectContaining({ field: 'language' })]);
    expect((await getProfile(app, accessToken)).json()).toMatchObject({ language: 'en' });
  });

  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'PATCH', url: '/api/eta/profile', payload: { language: 'fr' } });
    expect(response.statusCode).toBe(401);
  });
});
