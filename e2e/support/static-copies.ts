import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './fixtures';

/**
 * axe runs its checks with timers, which a page without scripts never fires: each page is judged as a copy of its
 * HTML, opened at its address in a browser page of its own that runs axe but none of the portal's scripts.
 */
export async function staticCopies(browser: Browser, viewport: { width: number; height: number }) {
  // The test's own options (no scripts) would apply to this context too.
  const context = await browser.newContext({ viewport, javaScriptEnabled: true });
  const copy = await context.newPage();
  let current = { url: '', html: '' };
  await copy.route('**/*', async (route) => {
    const request = route.request();
    if (request.isNavigationRequest() && request.url() === current.url) {
      return route.fulfill({ body: current.html, contentType: 'text/html; charset=utf-8' });
    }
    if (request.resourceType() === 'script') return route.abort();
    return route.continue();
  });
  return {
    async expectAccessible(page: Page, label: string) {
      // What <noscript> holds is what a page without scripts shows: the copy, whose axe runs scripts, shows it too.
      current = { url: page.url(), html: (await page.content()).replace(/<\/?noscript>/g, '') };
      await copy.goto(current.url);
      await expectAccessible(copy, label);
    },
    close: () => context.close(),
  };
}
