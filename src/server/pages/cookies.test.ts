import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_OUT_ACTION } from '../../api/auth/session';
import { FORM_FIELDS } from '../../engine/form-address';
import { LANGUAGE_COOKIE } from '../../shared/language-cookie';
import { buildTestApp } from '../testing/harness';
import { getProfile, registerVerifiedAndLogin, STRONG_PASSWORD } from '../accounts/testing/client';
import { KNOWN_DEVICE_COOKIE } from '../accounts/known-device';
import { addressClientBucket, recordEvent, THROTTLE_RULES } from '../accounts/throttle';
import { CSRF_COOKIE, CSRF_FIELD, HOST_CSRF_COOKIE } from './csrf';
import { AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from './session';

// The shape of Vite's index.html: the server writes each page into it.
const INDEX =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Electronic Travel Authorisation</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';

const setCookiesOf = (answer: LightMyRequestResponse) => [answer.headers['set-cookie'] ?? []].flat() as string[];
const tokenIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
const languageOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="eta-page">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');

/** A browser's cookie jar: what each answer sets, sent back with the next request. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  take(answer: LightMyRequestResponse): LightMyRequestResponse {
    for (const header of setCookiesOf(answer)) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || attributes.some((a) => /^max-age=0$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return answer;
  }

  cookie(extra: string[] = []): string {
    return [...[...this.jar].map(([name, value]) => `${name}=${value}`), ...extra].join('; ');
  }

  async get(url: string, extraCookies: string[] = []) {
    return this.take(
      await this.app.inject({
        method: 'GET',
        url,
        remoteAddress: this.ip,
        headers: { accept: 'text/html', cookie: this.cookie(extraCookies) },
      }),
    );
  }

  async post(url: string, fields: Record<string, string>, extraCookies: string[] = []) {
    return this.take(
      await this.app.inject({
        method: 'POST',
        url,
        remoteAddress: this.ip,
        headers: {
          accept: 'text/html',
          cookie: this.cookie(extraCookies),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(fields).toString(),
      }),
    );
  }

  /** Signs in through the sign-in page's form, with the token of the page it was shown. */
  async signIn(email: string, password = STRONG_PASSWORD) {
    const token = tokenIn((await this.get('/login')).body)!;
    return this.post('/login', { [CSRF_FIELD]: token, _page: 'main', email, password });
  }
}

async function pagesApp(dist: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildTestApp({ distDir: dist, env, loadServerEntry: () => import('../../app/server-entry') });
}

describe('the cookies of the pages and their form token', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'eta-cookies-test-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }),
    );
    app = await pagesApp(dist);
    // The server's entry is compiled at its first page, which would count towards the first test's time.
    await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('renews the token at sign-in through the page, and the next page carries one the next post accepts', async () => {
    await registerVerifiedAndLogin(app, 'renewed@example.com');
    const browser = new Browser(app);
    const login = await browser.get('/login');
    const anonymous = tokenIn(login.body)!;
    expect(browser.jar.get(CSRF_COOKIE)).toBe(anonymous);

    const signedIn = await browser.signIn('renewed@example.com');
    expect(signedIn.statusCode).toBe(303);
    // The answer that starts the session carries a new token, bound to it.
    expect(browser.jar.get(CSRF_COOKIE)).toBeDefined();
    expect(browser.jar.get(CSRF_COOKIE)).not.toBe(anonymous);
    const profile = await browser.get('/profile');
    expect(profile.statusCode).toBe(200);
    const token = tokenIn(profile.body)!;
    expect(token).toBe(browser.jar.get(CSRF_COOKIE));

    // The token from before the sign-in, with its own cookie (as a page kept open, or planted), is refused now: the
    // sign-out it asks for is not done (the page is answered as a GET, which sends a signed-in visitor on).
    const saved = browser.jar.get(CSRF_COOKIE)!;
    browser.jar.set(CSRF_COOKIE, anonymous);
    await browser.post('/login', { [CSRF_FIELD]: anonymous, [FORM_FIELDS.action]: SIGN_OUT_ACTION });
    const accessToken = browser.jar.get(AUTH_TOKEN_COOKIE)!;
    expect(accessToken).toBeDefined();
    expect((await getProfile(app, accessToken)).statusCode).toBe(200);
    browser.jar.set(CSRF_COOKIE, saved);

    // The page's own token is taken: signing out ends the session, and the answer renews the token again.
    const signedOut = await browser.post('/login', { [CSRF_FIELD]: token, [FORM_FIELDS.action]: SIGN_OUT_ACTION });
    expect(signedOut.statusCode).toBe(303);
    expect(browser.jar.get(AUTH_TOKEN_COOKIE)).toBeUndefined();
    expect(browser.jar.get(CSRF_COOKIE)).not.toBe(token);
    const after = await browser.get('/login');
    expect(tokenIn(after.body)).toBe(browser.jar.get(CSRF_COOKIE));
  });

  it("refuses a token made for another visitor's session, or for none, once signed in", async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'bound@example.com');
    const attacker = new Browser(app, '192.0.2.50');
    // What an attacker can have: a token pair of their own, made without a session.
    const planted = tokenIn((await attacker.get('/login')).body)!;
    const victim = new Browser(app);
    victim.jar.set(AUTH_TOKEN_COOKIE, tokenInfo.accessToken);
    victim.jar.set(CSRF_COOKIE, planted);
    const forged = await victim.post('/login', { [CSRF_FIELD]: planted, [FORM_FIELDS.action]: SIGN_OUT_ACTION });
    // The forged sign-out is not done: the session and its cookies go on.
    expect(setCookiesOf(forged).some((c) => c.startsWith(`${AUTH_TOKEN_COOKIE}=;`))).toBe(false);
    expect(victim.jar.get(AUTH_TOKEN_COOKIE)).toBe(tokenInfo.accessToken);
    expect((await getProfile(app, tokenInfo.accessToken)).statusCode).toBe(200);
    // The victim's own page has a token for the session, which a refresh of its access token keeps.
    const own = tokenIn((await victim.get('/profile')).body)!;
    expect(own).not.toBe(planted);
    const refreshedOnly = new Browser(app);
    refreshedOnly.jar.set(REFRESH_TOKEN_COOKIE, tokenInfo.refreshToken);
    refreshedOnly.jar.set(CSRF_COOKIE, own);
    const page = await refreshedOnly.get('/profile');
    expect(page.statusCode).toBe(200);
    expect(tokenIn(page.body)).toBe(own);
  });

  it('refuses a post that carries the token cookie twice', async () => {
    const first = new Browser(app);
    const token = tokenIn((await first.get('/login')).body)!;
    const other = tokenIn((await new Browser(app).get('/login')).body)!;
    const empty = { [CSRF_FIELD]: token, _page: 'main' };
    // One cookie: the form is read and shown again with its problems.
    expect((await first.post('/login', empty)).statusCode).toBe(200);
    for (const extra of [`${CSRF_COOKIE}=${other}`, `${CSRF_COOKIE}=${token}`]) {
      const twice = await first.post('/login', empty, [extra]);
      expect(twice.statusCode, extra).toBe(403);
    }
  });

  it('makes anonymous pages private and signed-in pages never stored', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'cache@example.com');
    for (const url of ['/login', '/faq', '/']) {
      const answer = await new Browser(app).get(url);
      expect(answer.headers['cache-control'], url).toBe('private, no-cache');
    }
    const signedIn = new Browser(app);
    signedIn.jar.set(AUTH_TOKEN_COOKIE, tokenInfo.accessToken);
    expect((await signedIn.get('/profile')).headers['cache-control']).toBe('no-store');
  });

  it('marks the browser known at a sign-in through the page, and recognises it at the next', async () => {
    await registerVerifiedAndLogin(app, 'device@example.com');
    const owner = new Browser(app, '198.51.100.20');
    const first = await owner.signIn('device@example.com');
    expect(first.statusCode).toBe(303);
    const device = setCookiesOf(first).find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    // Sent with the sign-in page's form too (it posts to /login), not only with the accounts calls.
    expect(device).toMatch(/; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
    expect(owner.jar.get(KNOWN_DEVICE_COOKIE)).toBeDefined();

    // Failures from the owner's network hold every other browser there; the owner's, known, is counted on its own.
    const sharedIp = '203.0.113.77';
    const bucket = addressClientBucket('login', 'device@example.com', `ip:${sharedIp}`);
    for (let i = 0; i < 10; i += 1) await recordEvent(app.db, bucket, THROTTLE_RULES.loginAccountClient, new Date());
    const stranger = new Browser(app, sharedIp);
    const held = await stranger.signIn('device@example.com');
    expect(held.statusCode).toBe(200);
    expect(stranger.jar.get(AUTH_TOKEN_COOKIE)).toBeUndefined();
    const known = new Browser(app, sharedIp);
    known.jar.set(KNOWN_DEVICE_COOKIE, owner.jar.get(KNOWN_DEVICE_COOKIE)!);
    expect((await known.signIn('device@example.com')).statusCode).toBe(303);
    expect(known.jar.get(AUTH_TOKEN_COOKIE)).toBeDefined();
  });

  it('changes only the page for a language chosen by a link, and keeps it on the next pages', async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'linked@example.com', undefined, 'fr');
    const browser = new Browser(app);
    browser.jar.set(AUTH_TOKEN_COOKIE, tokenInfo.accessToken);
    expect(languageOf((await browser.get('/profile')).body)).toBe('fr');

    // A link (even from another site) chooses the page's language: the page and this browser's cookie, not the profile.
    const linked = await browser.get('/faq?lng=zh');
    expect(languageOf(linked.body)).toBe('zh');
    expect(setCookiesOf(linked).find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))).toMatch(/^eta\.language=zh;/);
    expect((await getProfile(app, tokenInfo.accessToken)).json()).toMatchObject({ language: 'fr' });

    // This browser's choice holds on the next pages; the page names the profile's language beside it, so the
    // browser's scripts take the page over in the language it was rendered in and do not switch it.
    const next = await browser.get('/profile');
    expect(languageOf(next.body)).toBe('zh');
    expect(pageData(next.body)).toMatchObject({ language: 'zh', profileLanguage: 'fr' });
    // Another browser, which never chose, shows the profile's language.
    const other = new Browser(app);
    other.jar.set(AUTH_TOKEN_COOKIE, tokenInfo.accessToken);
    expect(languageOf((await other.get('/profile')).body)).toBe('fr');
  });

  describe('served over https', () => {
    let secure: FastifyInstance;
    beforeAll(async () => {
      secure = await pagesApp(dist, { PUBLIC_URL: 'https://eta.example' });
    }, 120_000);
    afterAll(async () => {
      await secure.close();
    });

    it('holds the token in a __Host- cookie, refused twice, and marks every cookie Secure', async () => {
      const browser = new Browser(secure);
      const page = await browser.get('/login?lng=fr');
      const cookies = setCookiesOf(page);
      const token = cookies.find((c) => c.startsWith(`${HOST_CSRF_COOKIE}=`));
      expect(token).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      expect(token).not.toMatch(/domain=/i);
      expect(cookies.some((c) => c.startsWith(`${CSRF_COOKIE}=`))).toBe(false);
      for (const cookie of cookies) expect(cookie, cookie).toMatch(/; secure(;|$)/i);

      const fields = { [CSRF_FIELD]: tokenIn(page.body)!, _page: 'main' };
      expect((await browser.post('/login', fields)).statusCode).toBe(200);
      expect((await browser.post('/login', fields, [`${HOST_CSRF_COOKIE}=${fields[CSRF_FIELD]}`])).statusCode).toBe(
        403,
      );
      // A plain-named cookie (which any host of the domain could plant) is not the token there.
      const plain = new Browser(secure);
      expect((await plain.post('/login', fields, [`${CSRF_COOKIE}=${fields[CSRF_FIELD]}`])).statusCode).toBe(403);
    });
  });
});
