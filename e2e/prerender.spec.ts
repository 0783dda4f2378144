/**
 * The public pages the route manifest flags `prerender` arrive rendered (in the visitor's language) and the
 * browser takes them over without a hydration error or warning, keeps working (the language switcher), adds no
 * style twice, and ends up looking exactly like the page the browser renders itself (the portal page sent to
 * a visitor the server takes for signed in), at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';

const ROOT = join(import.meta.dirname, '..');
interface Route {
  path: string;
  prerender?: boolean;
  titleKey: string;
}
const routes = (JSON.parse(readFileSync(join(ROOT, 'schemas', 'routes.manifest.json'), 'utf8')) as { routes: Route[] })
  .routes;
const prerendered = routes.filter((r) => r.prerender);

/** The text of an i18n key ("ns:a.b") in a language, read from locales/. */
function text(lng: string, key: string): string {
  const [ns, path] = key.split(':');
  let value: unknown = JSON.parse(readFileSync(join(ROOT, 'locales', lng, `${ns}.json`), 'utf8'));
  for (const part of path.split('.')) value = (value as Record<string, unknown>)[part];
  return String(value);
}

/** Console errors and warnings, and uncaught errors, of a page from now on. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Waits until the page has been taken over: the footer appears once the page has mounted in the browser. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('footer')).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

test.describe('pages rendered ahead of time', () => {
  expect(prerendered.length).toBeGreaterThan(0);
  for (const route of prerendered) {
    for (const lng of ['en', 'ar']) {
      test(`${route.path} in ${lng} hydrates without errors and stays interactive`, async ({ page }) => {
        const messages = watchConsole(page);
        const response = await page.goto(`${route.path}?lng=${lng}`);
        const html = (await response?.text()) ?? '';
        expect(html, 'sent rendered').toContain(`data-prerendered="${route.path}|${lng}"`);
        expect(html).toContain(`<html lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}">`);
        await settled(page);
        await expect(page.locator('h1')).toHaveText(text(lng, route.titleKey));
        // Griffel took the server's style elements over: no bucket is there twice.
        const buckets = await page.$$eval('style[data-make-styles-bucket]', (styles) =>
          styles.map((s) => [...s.attributes].map((a) => `${a.name}=${a.value}`).join(' ')),
        );
        expect(buckets.length).toBeGreaterThan(0);
        expect(new Set(buckets).size, buckets.join(', ')).toBe(buckets.length);
        // The switcher works after hydration: the heading follows the language chosen.
        const other = lng === 'en' ? 'fr' : 'en';
        await page.locator('header select').selectOption(other);
        await expect(page.locator('h1')).toHaveText(text(other, route.titleKey));
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        expect(messages).toEqual([]);
      });
    }
  }

  for (const width of [1280, 375]) {
    test(`at ${width} px the pages look as when the browser renders them itself`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // The server sends the plain portal page to a visitor with a session cookie; this browser has none.
      const plain = await page.context().newPage();
      await plain.setViewportSize({ width, height: 900 });
      await plain.route('**/*', async (request) => {
        if (!request.request().isNavigationRequest()) return request.continue();
        const response = await request.fetch({ headers: { ...request.request().headers(), cookie: 'authToken=x' } });
        return request.fulfill({ response });
      });
      for (const route of prerendered) {
        for (const lng of ['en', 'ar']) {
          const url = `${route.path}?lng=${lng}`;
          await page.goto(url);
          await expect(page.locator('body > #root')).toHaveAttribute('data-prerendered', `${route.path}|${lng}`);
          await settled(page);
          await plain.goto(url);
          await expect(plain.locator('body > #root')).not.toHaveAttribute('data-prerendered', /./);
          await settled(plain);
          // Both pages may still be finishing (a widget's code, a font): compared again until both have settled.
          await expect(async () => {
            const ahead = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
            const itself = await plain.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
            expect(ahead.equals(itself), `${url} at ${width} px`).toBe(true);
          }).toPass({ timeout: 10_000 });
        }
      }
    });
  }
});
