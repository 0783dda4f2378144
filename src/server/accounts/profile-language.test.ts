import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../i18n';
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

  const changePassword = (token: string, currentPassword: string, lang?: string) =>
    post(
      app,
      'change-password',
      { currentPassword, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      { token, ...(lang ? { lang } : {}) },
    );

  it('is saved with PATCH and then used for the answers of signed-in calls, whatever their Accept-Language', async () => {
    const accessToken = (await registerVerifiedAndLogin(app, 'language@example.com')).tokenInfo.accessToken;
    expect((await getProfile(app, accessToken)).json()).toMatchObject({ language: 'en' });

    const saved = await patchLanguage(app, accessToken, { language: 'fr' }, 'en');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'language@example.com', language: 'fr' });
    expect((await getProfile(app, accessToken)).json()).toMatchObject({ language: 'fr' });

    for (const lang of ['de-DE,de;q=0.9', 'en', undefined]) {
      const wrong = await changePassword(accessToken, 'Not-The-Password-1!', lang);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual([
        {
          field: 'currentPassword',
          key: 'api:accounts.currentPasswordInvalid',
          message: translate('fr', 'api:accounts.currentPasswordInvalid'),
        },
      ]);
    }
  });

  it('answers in the new language from the call right after a switch (the switcher saves, then calls)', async () => {
    const accessToken = (await registerVerifiedAndLogin(app, 'switch@example.com')).tokenInfo.accessToken;
    const before = await changePassword(accessToken, 'Not-The-Password-1!', 'ar');
    expect(before.json().fields[0].message).toBe(translate('en', 'api:accounts.currentPasswordInvalid'));

    for (const language of ['ar', 'zh', 'fr', 'en']) {
      expect((await patchLanguage(app, accessToken, { language }, language)).statusCode).toBe(200);
      const after = await changePassword(accessToken, 'Not-The-Password-1!', 'pt');
      expect(after.json().fields[0].message).toBe(translate(language, 'api:accounts.currentPasswordInvalid'));
    }
  });

  it('leaves calls without a signed-in profile to their Accept-Language', async () => {
    const response = await post(app, 'request-password-reset', {}, { lang: 'zh-CN,zh;q=0.9' });
    expect(response.statusCode).toBe(400);
    const [field] = response.json().fields as { key: string; message: string }[];
    expect(field.message).toBe(translate('zh', field.key));
    expect(field.message).not.toBe(translate('en', field.key));
  });

  it('is the language of the e-mails sent to the profile, and of the answer', async () => {
    const accessToken = (await registerVerifiedAndLogin(app, 'mail-language@example.com')).tokenInfo.accessToken;
    await patchLanguage(app, accessToken, { language: 'fr' });
    const changed = await post(
      app,
      'change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      { token: accessToken, lang: 'en' },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(translate('fr', 'api:accounts.passwordChanged'));
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
