import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifestJson from '../../../schemas/routes.manifest.json';
import { LANGUAGE_COOKIE } from '../../shared/language-cookie';
import { translate } from '../i18n';
import { paintFirst } from './page-html';
import { createPortalPages, type PortalPages } from './portal-page';

// The shape of Vite's index.html: the server writes the page into it.
const INDEX =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Electronic Travel Authorisation</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n  </head>\n  <body>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';
const flagged = manifestJson.routes.filter((r) => 'prerender' in r && r.prerender);
const notFlagged = manifestJson.routes.find((r) => r.guard === 'public' && !('prerender' in r))!;

/** The page's #root marker and heading, read from the HTML sent. */
function pageOf(html: string) {
  return {
    marker: /<div id="root" data-prerendered="([^"]*)">/.exec(html)?.[1],
    html: /<html lang="([^"]*)" dir="([^"]*)">/.exec(html)?.slice(1),
    h1: /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1],
  };
}

describe('the portal page of a public page rendered ahead', () => {
  let dist: string;
  let pages: PortalPages;
  const errors: unknown[] = [];

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'eta-prerender-test-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }),
    );
    pages = createPortalPages({
      distDir: dist,
      settings: [{ key: 'FORM_PREVIEW', value: 'false' }],
      // The entry's source, as the build bundles it.
      loadEntry: () => import('../../app/prerender-entry'),
      onRenderError: (error) => errors.push(error),
    });
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it.each(flagged.map((r) => [r.path, r.titleKey]))(
    '%s is sent rendered, in the language of ?lng=, the language cookie or Accept-Language',
    async (route, titleKey) => {
      const cases = [
        { negotiated: 'en', request: { search: 'lng=ar' }, expected: 'ar' },
        { negotiated: 'en', request: { cookie: `a=b; ${LANGUAGE_COOKIE}=fr` }, expected: 'fr' },
        { negotiated: 'zh', request: {}, expected: 'zh' },
      ];
      for (const { negotiated, request, expected } of cases) {
        const html = String(await pages.render(route, negotiated, 'identity', request));
        const page = pageOf(html);
        expect(page.marker).toBe(`${route}|${expected}`);
        expect(page.html).toEqual([expected, expected === 'ar' ? 'rtl' : 'ltr']);
        expect(page.h1).toBe(translate(expected, titleKey));
        expect(html).toContain('data-make-styles-bucket');
        expect(html).toContain('<script type="application/json" id="eta-settings">');
        // No inline script: the Content-Security-Policy allows none.
        expect(html.match(/<script/g)).toHaveLength(2);
      }
      expect(errors).toEqual([]);
    },
  );

  it('has its stylesheet before its scripts, which are fetched at low priority; the plain page is as built', async () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    const ahead = head(String(await pages.render(flagged[0].path, 'en', 'identity')));
    expect(ahead.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(ahead.indexOf('rel="stylesheet"')).toBeLessThan(ahead.indexOf('<script type="module"'));
    expect(ahead.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g)).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-abc.js">',
    ]);
    const plain = head(String(await pages.render(notFlagged.path, 'en', 'identity')));
    expect(plain).not.toContain('fetchpriority');
    expect(plain.indexOf('rel="stylesheet"')).toBeGreaterThan(plain.indexOf('<script type="module"'));
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
    const plain = String(await pages.render(route, 'fr', 'identity'));
    const br = await pages.render(route, 'fr', 'br');
    const gz = await pages.render(route, 'fr', 'gzip');
    expect(brotliDecompressSync(br as Buffer).toString()).toBe(plain);
    expect(gunzipSync(gz as Buffer).toString()).toBe(plain);
    expect(pageOf(plain).marker).toBe(`${route}|fr`);
  });

  it('is not sent to a signed-in visitor, nor for a route not flagged: they get the plain portal page', async () => {
    for (const cookie of ['authToken=abc', 'refreshToken=def; other=1']) {
      const html = String(await pages.render(flagged[0].path, 'en', 'identity', { cookie }));
      expect(pageOf(html).marker).toBeUndefined();
      expect(html).toContain('<div id="root"></div>');
    }
    const other = String(await pages.render(notFlagged.path, 'en', 'identity'));
    expect(other).toContain('<div id="root"></div>');
    expect(pageOf(other).marker).toBeUndefined();
  });
});
