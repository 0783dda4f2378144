/**
 * The public pages the route manifest flags `prerender` arrive rendered (in the visitor's language) and the
 * browser takes them over without a hydration error or warning, keeps working (the language switcher, a form's
 * error summary), adds no style element or rule twice, and ends up looking exactly like the page the browser renders itself (the
 * portal page sent to a visitor the server takes for signed in), at 1280 and 375 px, its form's markup the same.
 * A form rendered ahead sends nothing before the page's scripts run, and keeps what was typed meanwhile.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { formModel } from './support/form-filler';

const ROOT = join(import.meta.dirname, '..');
interface Route {
  path: string;
  form?: string;
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

/**
 * What a visitor can type into a form before its scripts run, from the form's first valid example: its text fields
 * (by control id) and its tick boxes. Lists and phone numbers are chosen from lists, which need the scripts.
 */
function typedAhead(formId: string): { texts: [string, string][]; ticks: string[]; complete: boolean } {
  const form = formModel(formId);
  const example = form.examples[0];
  const texts: [string, string][] = [];
  const ticks: string[] = [];
  for (const [field, property] of Object.entries(form.properties)) {
    const ui = form.ui[field] ?? {};
    const widget = ui['ui:widget'] as string | undefined;
    const value = example[field];
    const isText = property.type === 'string' && !property.enum && !property.oneOf && !ui['ui:field'];
    if (isText && [undefined, 'email', 'password', 'textarea'].includes(widget))
      texts.push([`root_${field}`, String(value)]);
    else if (widget === 'checkbox' && value === true) ticks.push(`root_${field}`);
  }
  return { texts, ticks, complete: texts.length + ticks.length === Object.keys(example).length };
}

/**
 * The markup of the form and what its engine draws around it, the same however it was rendered: React's markers
 * of a server's render (comments) left out, attributes in order, React's generated ids (`_R_1_` when hydrated,
 * `_r_1_` when rendered in the browser) numbered by where they first appear.
 */
function formMarkup(page: Page): Promise<string> {
  return page.locator('body > #root form').evaluate((form) => {
    const ids = new Map<string, string>();
    const numbered = (value: string) =>
      value.replace(/_[Rr]_[0-9a-z]+_/g, (id) => ids.get(id) ?? ids.set(id, `id${ids.size}`).get(id)!);
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element)) return '';
      const attributes = [...node.attributes]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((a) => ` ${a.name}="${numbered(a.value)}"`);
      return `<${node.localName}${attributes.join('')}>${[...node.childNodes].map(walk).join('')}</${node.localName}>`;
    };
    return walk(form.parentElement!);
  });
}

/** Waits until the page has been taken over (rendered or hydrated in the browser) and shows its footer. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('body > #root')).toHaveAttribute('data-hydrated', '');
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

  for (const route of prerendered.filter((r) => r.form)) {
    test(`${route.path}: before the page's scripts run the form sends nothing and keeps what is typed`, async ({
      page,
    }) => {
      const release = await holdScripts(page);
      const requests: string[] = [];
      page.on('request', (r) => {
        if (!r.url().includes('/assets/')) requests.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
      });
      const url = `${route.path}?lng=en`;
      await page.goto(url, { waitUntil: 'commit' });
      await expect(page.locator('body > #root')).toHaveAttribute('data-prerendered', `${route.path}|en`);
      const { texts, ticks, complete } = typedAhead(route.form!);
      expect(texts.length).toBeGreaterThan(0);
      for (const [id, value] of texts) await page.locator(`#${id}`).fill(value);
      for (const id of ticks) await page.locator(`#${id}`).check();
      // Enter in a field, then a click on the form's button (the last one: Back comes after it only on later pages).
      await page.locator(`#${texts[0][0]}`).press('Enter');
      const button = page.locator('form button:visible').last();
      const label = await button.textContent();
      await button.click();
      await expect(submitButton(page)).toHaveCount(0);

      release();
      // The scripts have run once the form's button submits; had the browser sent the form, the page would be gone.
      await expect(submitButton(page)).toHaveText(label!);
      expect(page.url()).toBe(new URL(url, page.url()).href);
      const answers = texts.map(([, value]) => value);
      const leaks = (entries: string[]) =>
        entries.filter((r) => answers.some((a) => r.includes(a) || r.includes(encodeURIComponent(a))));
      expect(leaks(requests)).toEqual([]);
      for (const [id, value] of texts) await expect(page.locator(`#${id}`)).toHaveValue(value);
      for (const id of ticks) await expect(page.locator(`#${id}`)).toBeChecked();

      // The answers typed ahead are the form's: none is said to be missing, and a complete form sends them.
      const sent = complete ? page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/')) : null;
      await submitButton(page).click();
      if (sent) {
        const body = (await sent).postData() ?? '';
        for (const answer of answers) expect(body).toContain(JSON.stringify(answer));
      } else {
        await expect(
          page.getByRole('alert').filter({ hasText: text('en', 'forms:engine.errorSummaryTitle') }),
        ).toBeVisible();
        for (const id of [...texts.map(([i]) => i), ...ticks])
          await expect(page.locator(`#${id}`)).not.toHaveAttribute('aria-invalid', 'true');
      }
    });
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
          if (route.form) {
            // Taken over by the page's scripts, the form is the one the browser renders itself.
            await expect(submitButton(page)).toBeVisible();
            await expect(submitButton(plain)).toBeVisible();
            expect(await formMarkup(page), `${url}: the form's markup`).toBe(await formMarkup(plain));
          }
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
