import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { cookiesOf, startPageApp } from './testing/page-app';
import { authKeyOf, post, registrationBody, waitForMail } from '../accounts/testing/client';
import { CSRF_FIELD } from './csrf';

const en = (key: string) => translate('en', key);
const h1Of = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('/verify-email rendered by the server', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startPageApp());
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  const get = (url: string, cookie = '') =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const postForm = (url: string, cookie: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { accept: 'text/html', cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  /** A new account's confirmation link, as the e-mail gives it (path and query). */
  async function registered(email: string): Promise<string> {
    expect((await post(app, 'register', registrationBody(email))).statusCode).toBe(201);
    const [message] = await waitForMail(app, email);
    return `/verify-email?authKey=${authKeyOf(message)}`;
  }

  const confirmed = async (email: string) =>
    (await app.db.selectFrom('profiles').select('email_verified').where('email', '=', email).executeTakeFirstOrThrow())
      .email_verified === 1;

  it('uses nothing up when the link is opened: the address is confirmed by the button the page posts', async () => {
    const link = await registered('scanned@example.com');

    // A mail scanner follows the link, twice: a page with one button, and the address still unconfirmed.
    for (let i = 0; i < 2; i += 1) {
      const opened = await get(link);
      expect(opened.statusCode).toBe(200);
      expect(h1Of(opened.body)).toBe(en('accounts:verifyEmail.title'));
      expect(opened.body).toMatch(/<form method="post"><input type="hidden" name="_csrf" value="[^"]+"\/>/);
      const button = /<button[^>]*value="confirm"[^>]*>/.exec(opened.body)?.[0] ?? '';
      expect(button).toContain('type="submit"');
      expect(button).toContain('name="_action"');
      expect(opened.body).toContain(`>${en('accounts:verifyEmail.submit')}</button>`);
      expect(await confirmed('scanned@example.com')).toBe(false);
    }
    const unused = await app.db
      .selectFrom('email_keys')
      .innerJoin('profiles', 'profiles.id', 'email_keys.profile_id')
      .select(['email_keys.used_at'])
      .where('profiles.email', '=', 'scanned@example.com')
      .where('email_keys.kind', '=', 'link')
      .executeTakeFirstOrThrow();
    expect(unused.used_at).toBeNull();

    // A post without the visitor's form token is not acted on.
    const page = await get(link);
    const cookie = cookiesOf(page.headers);
    const forged = await postForm(link, cookie, { [CSRF_FIELD]: 'forged', _action: 'confirm' });
    expect(forged.statusCode).toBe(403);
    expect(await confirmed('scanned@example.com')).toBe(false);

    // The press, posted without scripts, confirms the address; the link then no longer works.
    const pressed = await postForm(link, cookie, { [CSRF_FIELD]: tokenOf(page.body), _action: 'confirm' });
    expect(pressed.statusCode).toBe(200);
    expect(h1Of(pressed.body)).toBe(en('accounts:verifyEmail.confirmedTitle'));
    expect(pressed.body).toContain('href="/login"');
    expect(await confirmed('scanned@example.com')).toBe(true);
    const again = await postForm(link, cookie, { [CSRF_FIELD]: tokenOf(page.body), _action: 'confirm' });
    expect(h1Of(again.body)).toBe(en('accounts:verifyEmail.invalidTitle'));
  }, 60_000);

  it('answers a key that cannot be one, or a spent one, with the form that sends a new e-mail, which still works', async () => {
    const malformed = await get('/verify-email?authKey=not-a-real-key');
    expect(h1Of(malformed.body)).toBe(en('accounts:verifyEmail.invalidTitle'));
    expect(malformed.body).not.toContain('value="confirm"');

    const link = await registered('resend-page@example.com');
    const page = await get(link);
    const cookie = cookiesOf(page.headers);
    const token = tokenOf(page.body);
    await postForm(link, cookie, { [CSRF_FIELD]: token, _action: 'confirm' });
    const spent = await postForm(link, cookie, { [CSRF_FIELD]: token, _action: 'confirm' });
    expect(h1Of(spent.body)).toBe(en('accounts:verifyEmail.invalidTitle'));

    // The address form of that page, posted without scripts, asks for a new e-mail.
    const resent = await postForm(link, cookie, { [CSRF_FIELD]: token, _page: 'main', email: 'other@example.com' });
    expect(resent.statusCode).toBe(200);
    expect(h1Of(resent.body)).toBe(en('accounts:verifyEmail.invalidTitle'));
    expect(resent.body).toContain(translate('en', 'accounts:resend.sent').replace('{{email}}', 'other@example.com'));
  }, 60_000);
});
