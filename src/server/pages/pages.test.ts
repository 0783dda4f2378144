import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifestJson from '../../../schemas/routes.manifest.json';
import { LANGUAGE_COOKIE } from '../../shared/language-cookie';
import { translate } from '../i18n';
import { buildTestApp } from '../testing/harness';
import { paintFirst, pickEncoding } from '../static/page-html';
import { getProfile, registerVerifiedAndLogin } from '../accounts/testing/client';
import { CSRF_COOKIE, CSRF_FIELD } from './csrf';
import { SESSION_ENDED_REASON, SIGN_IN_REASON_PARAM } from '../../api/safe-redirect';
import { AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from './session';

// The shape of Vite's index.html: the server writes each page into it.
const INDEX =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Electronic Travel Authorisation</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n  </head>\n  <body>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';
const flagged = manifestJson.routes.filter((r) => 'prerender' in r && r.prerender);

/** The page's #root marker, its language and its heading, read from the HTML sent. */
function pageOf(html: string) {
  return {
    marker: /<div id="root" data-rendered="([^"]*)">/.exec(html)?.[1],
    html: /<html lang="([^"]*)" dir="([^"]*)">/.exec(html)?.slice(1),
    h1: /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    data: JSON.parse(/<script type="application\/json" id="eta-page">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null'),
  };
}

/** The cookies of an answer, as the next request sends them. */
const cookiesOf = (headers: Record<string, unknown>) =>
  ([headers['set-cookie'] ?? []].flat() as string[]).map((c) => c.split(';')[0]).join('; ');

describe('pages rendered by the server', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'eta-pages-test-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }),
    );
    // The entry's source, as the build bundles it.
    app = await buildTestApp({ distDir: dist, loadServerEntry: () => import('../../app/server-entry') });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it.each(flagged.map((r) => [r.path, r.titleKey]))(
    '%s is sent rendered, in the language of ?lng=, the language cookie or Accept-Language',
    async (route, titleKey) => {
      const cases: { url: string; headers: Record<string, string>; expected: string }[] = [
        { url: `${route}?lng=ar`, headers: {}, expected: 'ar' },
        { url: route, headers: { cookie: `a=b; ${LANGUAGE_COOKIE}=fr` }, expected: 'fr' },
        { url: route, headers: { 'accept-language': 'zh-CN,zh;q=0.9' }, expected: 'zh' },
      ];
      for (const { url, headers, expected } of cases) {
        const answer = await get(url, headers);
        expect(answer.statusCode).toBe(200);
        const page = pageOf(answer.body);
        expect(page.marker).toBe(`${route}|${expected}`);
        expect(page.html).toEqual([expected, expected === 'ar' ? 'rtl' : 'ltr']);
        expect(page.h1).toBe(translate(expected, titleKey));
        expect(answer.body).toContain('data-make-styles-bucket');
        // No inline script runs: the entry, then the settings, the page's data, its route's modules and those fetched
        // once idle as JSON data blocks (the Content-Security-Policy allows none).
        expect(answer.body.match(/<script[^>]*>/g)).toEqual([
          '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">',
          '<script type="application/json" id="eta-settings">',
          '<script type="application/json" id="eta-page">',
          '<script type="application/json" id="eta-route-modules">',
          '<script type="application/json" id="eta-idle-modules">',
        ]);
      }
    },
    60_000,
  );

  it('renders pages in different languages side by side, each in its own language', async () => {
    const languages = ['en', 'ar', 'fr', 'zh', 'pt'];
    // Rendered for each request (not prerendered).
    const pages = ['/forgot-password', '/registration-warning', '/verify-seal'].map((route) => ({
      path: route,
      titleKey: manifestJson.routes.find((r) => r.path === route)!.titleKey,
    }));
    const asked = pages.flatMap((page) => languages.map((language) => ({ ...page, language })));
    // All at once: none waits for another, so the renders overlap.
    const answers = await Promise.all(asked.map(({ path: route, language }) => get(`${route}?lng=${language}`)));
    answers.forEach((answer, i) => {
      const { path: route, language, titleKey } = asked[i];
      const page = pageOf(answer.body);
      expect(page.marker).toBe(`${route}|${language}`);
      expect(page.html).toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
      expect(page.title).toContain(translate(language, 'common:serviceName'));
      expect(page.h1).toBe(translate(language, titleKey));
    });
  }, 60_000);

  it('has its stylesheet before its scripts, which are fetched at low priority', async () => {
    const html = (await get(flagged[0].path)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('<script type="module"'));
    // Its first paint waits for the whole main landmark, which is there.
    expect(head).toContain('<link rel="expect" href="#main-content" blocking="render">');
    expect(html).toMatch(/<main id="main-content"/);
  });

  it('moves font preloads and stylesheets together, keeping their order, and leaves a page without scripts whole', () => {
    const html =
      '<head><title>t</title><script type="module" src="/a.js"></script><link rel="stylesheet" href="/a.css">' +
      '<link rel="preload" as="font" href="/f.woff2"><link rel="stylesheet" href="/b.css"></head><body></body>';
    expect(paintFirst(html)).toBe(
      '<head><title>t</title><link rel="stylesheet" href="/a.css"><link rel="preload" as="font" href="/f.woff2">' +
        '<link rel="stylesheet" href="/b.css"><script type="module" fetchpriority="low" src="/a.js"></script></head><body></body>',
    );
    const noScripts = '<head><link rel="stylesheet" href="/a.css"></head><body></body>';
    expect(paintFirst(noScripts)).toBe(noScripts);
  });

  it('is sent compressed with brotli or gzip', async () => {
    const route = flagged[0].path;
    const br = await get(route, { 'accept-encoding': 'br', cookie: `${LANGUAGE_COOKIE}=fr` });
    const gz = await get(route, { 'accept-encoding': 'gzip', cookie: `${LANGUAGE_COOKIE}=fr` });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(pageOf(brotliDecompressSync(br.rawPayload).toString()).marker).toBe(`${route}|fr`);
    expect(pageOf(gunzipSync(gz.rawPayload).toString()).marker).toBe(`${route}|fr`);
  });

  it('chooses brotli, then gzip, among the encodings the client accepts, whatever their q-values', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0.1')).toBe('br');
    expect(pickEncoding('BR;q=0.5')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding(['deflate', 'gzip;q=0.8'])).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('*')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });

  it('answers an unknown address 404 with the not-found page, and sends a signed-out visitor of a guarded page to sign in', async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(pageOf(missing.body).h1).toBe(translate('en', 'common:notFound.title'));
    const guarded = await get('/profile');
    expect(guarded.statusCode).toBe(302);
    expect(guarded.headers.location).toBe('/login?from=%2Fprofile');
  });

  it('sends a visitor whose session the API no longer takes to sign in, where the page says the session ended', async () => {
    // Only a refresh token, which the API does not know: the server's refresh fails, as for one revoked or run out.
    const guarded = await get('/profile', { cookie: `${REFRESH_TOKEN_COOKIE}=not-a-token-the-api-gave` });
    expect(guarded.statusCode).toBe(302);
    const location = new URL(String(guarded.headers.location), 'http://portal');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get(SIGN_IN_REASON_PARAM)).toBe(SESSION_ENDED_REASON);
    // The session's cookies are cleared, so the next page is an ordinary signed-out one.
    expect(cookiesOf(guarded.headers)).toContain(`${REFRESH_TOKEN_COOKIE}=`);
    const login = await get(`${location.pathname}${location.search}`);
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain(translate('en', 'accounts:login.sessionExpired'));
    expect((await get('/login')).body).not.toContain(translate('en', 'accounts:login.sessionExpired'));
  });

  it("renders a signed-in visitor's page in the profile's language, and a language a link chooses for the page only", async () => {
    const { tokenInfo } = await registerVerifiedAndLogin(app, 'page-language@example.com', undefined, 'fr');
    const cookie = `${AUTH_TOKEN_COOKIE}=${tokenInfo.accessToken}`;
    // The browser asks for English; the profile says French, as the API's answers to this visitor do.
    const page = await get('/profile', { cookie, 'accept-language': 'en' });
    expect(page.statusCode).toBe(200);
    expect(pageOf(page.body).html).toEqual(['fr', 'ltr']);
    // The page's data names the profile's language, which the browser then need not ask for again.
    expect(pageOf(page.body).data).toMatchObject({ language: 'fr', profileLanguage: 'fr' });
    const chosen = await get('/profile?lng=ar', { cookie, 'accept-language': 'en' });
    expect(pageOf(chosen.body).html).toEqual(['ar', 'rtl']);
    expect(pageOf(chosen.body).data).toMatchObject({ language: 'ar', profileLanguage: 'fr' });
    // Signed out, the page names no profile's language.
    expect(pageOf((await get('/login', { 'accept-language': 'fr' })).body).data.profileLanguage).toBeUndefined();
    // The link changed the page (and the browser's cookie), not the profile: only a post changes that.
    expect((await getProfile(app, tokenInfo.accessToken)).json()).toMatchObject({ language: 'fr' });
    expect(pageOf((await get('/profile', { cookie })).body).html).toEqual(['fr', 'ltr']);
    expect(pageOf((await get('/profile', { cookie: `${cookie}; ${LANGUAGE_COOKIE}=ar` })).body).html).toEqual([
      'ar',
      'rtl',
    ]);
  });

  it('renders a route a runtime setting turns on only where it is on, each server by its own settings', async () => {
    // A second server in the same process, with the form preview off (as a production server has it).
    const off = await buildTestApp({
      distDir: dist,
      env: { FORM_PREVIEW: 'false' },
      loadServerEntry: () => import('../../app/server-entry'),
    });
    try {
      for (let i = 0; i < 2; i += 1) {
        const on = await get('/form-preview');
        expect(on.statusCode).toBe(200);
        expect(pageOf(on.body).h1).not.toBe(translate('en', 'common:notFound.title'));
        const hidden = await off.inject({ method: 'GET', url: '/form-preview', headers: { accept: 'text/html' } });
        expect(hidden.statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
  });

  it("takes a form posted without scripts only with the visitor's token, and shows it again with its problems", async () => {
    const first = await get('/login');
    const cookie = cookiesOf(first.headers);
    expect(cookie).toContain(`${CSRF_COOKIE}=`);
    const token = /name="_csrf" value="([^"]+)"/.exec(first.body)?.[1];
    expect(token).toBeTruthy();
    const post = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/login',
        headers: { accept: 'text/html', cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const forged = await post({ [CSRF_FIELD]: 'forged', _page: 'main', email: 'a@example.org', password: 'x' });
    expect(forged.statusCode).toBe(403);
    const empty = await post({ [CSRF_FIELD]: token!, _page: 'main' });
    expect(empty.statusCode).toBe(200);
    const page = pageOf(empty.body);
    expect(page.title).toMatch(new RegExp(`^${translate('en', 'forms:engine.errorTitlePrefix')}`));
    expect(empty.body).toContain(translate('en', 'forms:engine.errorSummaryTitle'));
    expect(empty.body).toContain(translate('en', 'validation:email.required'));
  });
});
