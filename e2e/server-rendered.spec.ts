/**
 * Every page arrives rendered by the server in the visitor's language; the browser takes it over without a
 * hydration error or warning, keeps working (the language switcher, a form's error summary) and adds no style
 * element or rule twice. Before the page's scripts have run, a form is sent by the browser itself and the server
 * answers with the page and its problems; what the page looks like does not change when the scripts take it over.
 * (The public pages are checked here, in two languages; e2e/no-scripts-journey.spec.ts walks the whole journey without
 * scripts, e2e/no-scripts-shell.spec.ts the menu and the language switcher.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';

const ROOT = join(import.meta.dirname, '..');
interface Route {
  path: string;
  form?: string;
  prerender?: boolean;
  titleKey: string;
}
const routes = (JSON.parse(readFileSync(join(ROOT, 'schemas', 'routes.manifest.json'), 'utf8')) as { routes: Route[] })
  .routes;
const publicPages = routes.filter((r) => r.prerender);

declare global {
  interface Window {
    /** The layout shifts the page has reported, gathered by the fonts test's init script. */
    shifts?: number[];
  }
}

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

/** A form's submit button: there is none the visitor can use until the page's scripts have run. */
const submitButton = (page: Page) => page.locator('form button[type=submit]:not([hidden])');

/** Holds the page's scripts back until the function returned is called: the page stays as the server sent it. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits until the page has been taken over (rendered or hydrated in the browser) and shows its footer. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('body > #root')).toHaveAttribute('data-hydrated', '');
  await expect(page.locator('footer')).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

test.describe('pages rendered by the server', () => {
  expect(publicPages.length).toBeGreaterThan(0);
  for (const route of publicPages) {
    for (const lng of ['en', 'ar']) {
      test(`${route.path} in ${lng} hydrates without errors and stays interactive`, async ({ page }) => {
        const messages = watchConsole(page);
        const response = await page.goto(`${route.path}?lng=${lng}`);
        const html = (await response?.text()) ?? '';
        expect(html, 'sent rendered').toContain(`data-rendered="${route.path}|${lng}"`);
        expect(html).toContain(`<html lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}">`);
        await settled(page);
        await expect(page.locator('h1')).toHaveText(text(lng, route.titleKey));
        // Griffel took the server's style elements over: no bucket is there twice.
        const buckets = await page.$$eval('style[data-make-styles-bucket]', (styles) =>
          styles.map((s) => [...s.attributes].map((a) => `${a.name}=${a.value}`).join(' ')),
        );
        expect(buckets.length).toBeGreaterThan(0);
        expect(new Set(buckets).size, buckets.join(', ')).toBe(buckets.length);
        // ...and knew the page's rules: it added none of them a second time.
        const rules = await page.$$eval('style[data-make-styles-bucket]', (styles) =>
          styles.flatMap((s) => [...((s as HTMLStyleElement).sheet?.cssRules ?? [])].map((r) => r.cssText)),
        );
        expect(rules.filter((rule, i) => rules.indexOf(rule) !== i)).toEqual([]);
        if (route.form) {
          // Sent empty once the page's scripts run, the form says what is missing in the page's language.
          await submitButton(page).click();
          await expect(
            page.getByRole('alert').filter({ hasText: text(lng, 'forms:engine.errorSummaryTitle') }),
          ).toBeVisible();
        }
        // The switcher works after hydration: the heading follows the language chosen.
        const other = lng === 'en' ? 'fr' : 'en';
        await page.locator('header select').selectOption(other);
        await expect(page.locator('h1')).toHaveText(text(other, route.titleKey));
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        expect(messages).toEqual([]);
      });
    }
  }

  for (const route of publicPages.filter((r) => r.form)) {
    test(`${route.path}: before the page's scripts run, the form is sent by the browser and answered by the server`, async ({
      page,
    }) => {
      const release = await holdScripts(page);
      await page.goto(`${route.path}?lng=fr`, { waitUntil: 'commit' });
      await expect(page.locator('body > #root')).toHaveAttribute('data-rendered', `${route.path}|fr`);
      // Sent empty: the server answers with the same page, its problems summarised in the page's language.
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.request().isNavigationRequest(),
      );
      await submitButton(page).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      await expect(
        page.getByRole('alert').filter({ hasText: text('fr', 'forms:engine.errorSummaryTitle') }),
      ).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${text('fr', 'forms:engine.errorTitlePrefix')}`));
      expect(new URL(page.url()).pathname).toBe(route.path);
      release();
      await settled(page);
      await expect(
        page.getByRole('alert').filter({ hasText: text('fr', 'forms:engine.errorSummaryTitle') }),
      ).toBeVisible();
    });
  }

  test('at 375 px nothing on the public pages moves when their fonts arrive late', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    // A slow connection: each font comes 1.5 s after the page asked for it (routing also turns the cache off, so every
    // page waits for its fonts again).
    let fonts = 0;
    await page.route('**/*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      fonts += 1;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      window.shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const route of publicPages) {
      const before = fonts;
      await page.goto(route.path);
      await settled(page);
      await expect.poll(() => fonts, `${route.path}: its fonts arrived`).toBeGreaterThan(before);
      // Two frames after the last font, for a shift it caused to be reported.
      await page.evaluate(() =>
        document.fonts.ready.then(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        ),
      );
      const shifts = await page.evaluate(() => window.shifts);
      expect(shifts, `${route.path}: layout shifts`).toEqual([]);
    }
  });

  test("a form's lists are drawn as high as its text fields before the scripts run, and as the combobox after", async ({
    page,
    browser,
  }) => {
    // The public forms' lists, as the server sends them (the configuration decides which forms have one).
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const listsOf = new Map<string, string[]>();
    for (const route of publicPages.filter((r) => r.form)) {
      const sent = await withoutScripts.newPage();
      await sent.goto(`${route.path}?lng=en`);
      const ids = await sent.locator('main form select').evaluateAll((all) => all.map((select) => select.id));
      if (ids.length > 0) listsOf.set(route.path, ids);
      await sent.close();
    }
    await withoutScripts.close();
    test.skip(listsOf.size === 0, 'no public form has a list to measure');

    // Fluent draws a text field's box on its root, the browser's own list's on its <select>.
    const boxHeight = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => element.getBoundingClientRect().height);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, ids] of listsOf) {
        const release = await holdScripts(page);
        await page.goto(`${path}?lng=en`, { waitUntil: 'commit' });
        await expect(page.locator('footer')).toBeVisible();
        const textBox = await boxHeight('main form .fui-Input');
        for (const id of ids) {
          const where = `${path} at ${width} px, #${id}`;
          expect(await boxHeight(`select[id="${id}"]`), `${where} before its scripts`).toBe(textBox);
        }
        release();
        await settled(page);
        await page.unroute('**/assets/*.js');
        for (const id of ids) {
          const where = `${path} at ${width} px, #${id}`;
          await expect(page.locator(`select[id="${id}"]`)).toHaveCount(0);
          expect(await boxHeight(`.fui-Combobox:has([id="${id}"])`), `${where} after`).toBe(textBox);
        }
      }
    }
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px the pages look the same before and after their scripts take them over`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const route of publicPages.filter((r) => !r.form)) {
        for (const lng of ['en', 'ar']) {
          const url = `${route.path}?lng=${lng}`;
          const release = await holdScripts(page);
          await page.goto(url, { waitUntil: 'commit' });
          await expect(page.locator('footer')).toBeVisible();
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          // The page as sent, once it has finished painting (a font or an image may still be arriving): two pictures
          // in a row alike.
          let before = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
          await expect(async () => {
            const again = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
            const steady = again.equals(before);
            before = again;
            expect(steady, `${url} at ${width} px, before its scripts`).toBe(true);
          }).toPass({ timeout: 10_000 });
          release();
          await settled(page);
          await page.unroute('**/assets/*.js');
          // The page may still be finishing (a font): compared again until it has settled.
          await expect(async () => {
            const after = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
            expect(after.equals(before), `${url} at ${width} px`).toBe(true);
          }).toPass({ timeout: 10_000 });
        }
      }
    });
  }
});
