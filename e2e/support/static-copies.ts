import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './fixtures';

/**
 * axe runs its checks with timers, which a page without scripts never fires: each page is judged as a copy of its
 * HTML, opened at its address in a browser page of its own that runs axe but none of the portal's scripts. The
 * browser itself answers the copy's address with the HTML and refuses the portal's scripts (each a .js file), so that
 * the copy's styles, fonts and images load as they do for the page, without waiting on the test.
 */
export async function staticCopies(browser: Browser, viewport: { width: number; height: number }) {
  // The test's own options (no scripts) would apply to this context too.
  const context = await browser.newContext({ viewport, javaScriptEnabled: true });
  const copy = await context.newPage();
  const devtools = await context.newCDPSession(copy);
  let current = { url: '', html: '' };
  await devtools.send('Network.enable');
  await devtools.send('Network.setBlockedURLs', { urls: ['*.js'] });
  devtools.on('Fetch.requestPaused', (event) => {
    const answer =
      event.request.url === current.url.split('#')[0]
        ? devtools.send('Fetch.fulfillRequest', {
            requestId: event.requestId,
            responseCode: 200,
            responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
            body: Buffer.from(current.html).toString('base64'),
          })
        : devtools.send('Fetch.continueRequest', { requestId: event.requestId });
    answer.catch(() => {});
  });
  await devtools.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document' }] });
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
