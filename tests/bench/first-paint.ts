/**
 * What a route needs before its first paint. A page the route manifest flags `prerender` is sent complete, with
 * its styles, and its module scripts are deferred and only hydrate it: its first paint needs no JavaScript. The
 * bench claims that only once Chromium, with JavaScript disabled, shows the page's heading and content in `<main>`
 * in every language; otherwise the route's first paint counts everything it loads, like any other route.
 */

import { chromium } from '@playwright/test';
import { catalogueText, LOCALES_DIR } from '../../e2e/support/catalogue';
import { CHROMIUM_ARGS } from '../support/chromium';
import { languagesIn } from '../../src/server/languages';

export interface Sizes {
  gzip: number;
  brotli: number;
}

/** A route's JavaScript before its first paint: none when it was seen rendered ahead, else all it loads. */
export function beforeFirstPaint(route: string, toInteractive: Sizes, renderedAhead: ReadonlySet<string>): Sizes {
  return renderedAhead.has(route) ? { gzip: 0, brotli: 0 } : toInteractive;
}

export interface RenderedAheadCheck {
  path: string;
  /** Languages whose page showed its heading and content without JavaScript. */
  shown: string[];
  /** Languages whose page did not, with what `<main>` held instead. */
  missing: { language: string; found: string }[];
}

/** The languages of locales/, one folder each (src/server/languages.ts). */
export function portalLanguages(localesDir = LOCALES_DIR): string[] {
  return languagesIn(localesDir);
}

/**
 * Opens each route in each language (`?lng=`) on the running portal at `base` in Chromium with JavaScript
 * disabled and checks that `<main>` shows an h1 with the route's title (`titleKey` in that language's texts) and
 * content beyond it.
 */
export async function checkRenderedAhead(
  base: string,
  chromePath: string,
  routes: { path: string; titleKey: string }[],
  languages = portalLanguages(),
): Promise<RenderedAheadCheck[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const checks: RenderedAheadCheck[] = [];
    for (const route of routes) {
      const check: RenderedAheadCheck = { path: route.path, shown: [], missing: [] };
      for (const language of languages) {
        await page.goto(new URL(`${route.path}?lng=${language}`, base).href);
        const main = page.locator('main');
        const heading = main.locator('h1');
        const shown =
          (await heading.count()) === 1 &&
          (await heading.isVisible()) &&
          (await heading.innerText()).trim() === catalogueText(language, route.titleKey).trim() &&
          (await main.innerText()).trim().length > (await heading.innerText()).trim().length;
        if (shown) check.shown.push(language);
        else {
          const found = (await main.count()) ? await main.first().innerText() : '(no <main>)';
          check.missing.push({ language, found: found.replace(/\s+/g, ' ').slice(0, 80) || '(empty <main>)' });
        }
      }
      checks.push(check);
    }
    await context.close();
    return checks;
  } finally {
    await browser.close();
  }
}

/** The routes whose first paint was seen, in every language checked, to need no JavaScript. */
export function renderedAheadRoutes(checks: RenderedAheadCheck[]): Set<string> {
  return new Set(checks.filter((c) => c.shown.length > 0 && c.missing.length === 0).map((c) => c.path));
}
