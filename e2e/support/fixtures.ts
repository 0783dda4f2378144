import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createVerifiedAccount, signInBrowser, type Account, type Tokens } from './accounts';

/** WCAG 2.2 AA, the bar every page and state of the portal is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules of AXE_TAGS whose outcome a page's words can change: names of controls, links, images and dialogs, labels,
 * titles, headings and language attributes. The markup, styles and layout of a page are the same in every language;
 * where a page has been judged by every rule in one language, these are what another language can still break.
 */
export const AXE_WORDING_RULES = [
  'area-alt',
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'button-name',
  'document-title',
  'empty-heading',
  'empty-table-header',
  'frame-title',
  'html-has-lang',
  'html-lang-valid',
  'image-alt',
  'input-button-name',
  'input-image-alt',
  'label',
  'link-name',
  'object-alt',
  'role-img-alt',
  'select-name',
  'summary-name',
  'svg-img-alt',
  'valid-lang',
] as const;

/**
 * Fails with a readable list when axe finds any violation on the settled page. A page is judged once it has
 * settled: a Fluent dialog that has just closed leaves its focus-trap markers for the length of its closing
 * animation, so the check is repeated for up to 15 seconds (a busy machine animates slowly, and one analysis
 * of a long page can take seconds); a lasting violation still fails.
 */
export async function expectAccessible(
  page: Page,
  label = page.url(),
  { rules }: { rules?: readonly string[] } = {},
): Promise<void> {
  await expect(async () => {
    // axe.run in the page itself (the default runs it in parts and finishes in a new blank page, which only frames
    // of other origins need: the portal has none), detailing the nodes of violations only: the same violations,
    // found in half the time.
    // (`options` replaces what `withTags` sets, so it comes first.)
    const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    const results = await (rules ? builder.withRules([...rules]) : builder.withTags(AXE_TAGS))
      .setLegacyMode(true)
      .analyze();
    const summary = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join('\n    ')}`,
    );
    expect(summary, `axe violations on ${label}`).toEqual([]);
  }).toPass({ timeout: 15_000, intervals: [250, 500, 1_000] });
}

/**
 * Records the Content-Security-Policy violations of every page of a browser context, in every frame: the
 * browser's `securitypolicyviolation` events (listened to before any script of the page runs) and its CSP
 * console errors.
 */
async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  const watchConsole = (page: Page) =>
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(watchConsole);
  context.on('page', watchConsole);
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) =>
    violations.push(`${page.url()}: ${text}`),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/**
 * React's own words when the page the server sent and the browser's first render of it differ: the production
 * build's numbered errors (418 text or markup, 419 a boundary fell back to client rendering, 422 and 423 the root
 * rendered again on the client, 425 text content), and the development build's explanations ("Hydration failed",
 * "did not match", "A tree hydrated but…"). React then throws the server's HTML away and draws the page again.
 */
export const HYDRATION_MESSAGE =
  /(?:#|react\.dev\/errors\/|invariant=)(?:418|419|422|423|425)\b|Hydration failed|did not match|hydrat/i;

/**
 * Records, on every page of a browser context (popups included, each from its first script), the errors no script
 * caught (`pageerror`: an uncaught exception or rejection, and the recoverable errors React reports the same way) and
 * the console errors and warnings in which React says the page did not hydrate. Other console noise (a 404 a test
 * asked for, a refused request logged by the browser) is left out: it is the browser's, not the page's.
 */
export function watchPageErrors(context: BrowserContext, problems: string[]): void {
  const watch = (page: Page) => {
    page.on('pageerror', (error) => problems.push(`${page.url()}: page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      if (HYDRATION_MESSAGE.test(message.text())) problems.push(`${page.url()}: ${message.type()}: ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * A page rendered ahead shows before its scripts have run and does not answer until the app has taken it over
 * (#root gets `data-hydrated`): the page's goto and reload wait for that, as a visitor would wait to see the page
 * respond. `waitUntil: 'commit'` opts out, for tests of the page before its scripts run. A page without scripts
 * (`javaScriptEnabled: false`) is never taken over: no wait.
 */
export function waitsForHydration(page: Page, javaScriptEnabled: boolean | undefined): void {
  const hydrated = async () => {
    if (javaScriptEnabled === false) return;
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return !root?.hasAttribute('data-rendered') || root.hasAttribute('data-hydrated');
    });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await hydrated();
    return response;
  };
}

/**
 * Every journey runs with these watches on its page and on every other browser context it opens (a phone, a second
 * visitor): a Content-Security-Policy violation (so a script that needs eval or an inline script can never slip in),
 * an error no script caught, or a page whose first render in the browser differs from the HTML the server sent,
 * fails the test at its end, with the list. A context a spec opens outside its tests (in `beforeAll`) is watched by
 * the spec itself (watchPageErrors).
 */
export const test = base.extend<{
  cspViolations: string[];
  pageErrors: string[];
  signedIn: Account & { tokens: Tokens };
}>({
  /**
   * A verified account of the test's own, with the test's browser context signed in to it (the session's cookies
   * set, as signing in sets them), on the server every journey shares.
   */
  signedIn: async ({ request, context, baseURL }, use) => {
    const account = await createVerifiedAccount(request);
    await signInBrowser(context, baseURL!, account.tokens);
    await use(account);
  },
  // The test's page waits for hydration; a page of another context does when the test asks (waitsForHydration).
  page: async ({ page, javaScriptEnabled }, use) => {
    waitsForHydration(page, javaScriptEnabled);
    await use(page);
  },
  cspViolations: [
    async ({ page, browser }, use) => {
      const violations: string[] = [];
      await watchCsp(page.context(), violations);
      await watchingNewContexts(
        browser,
        (context) => watchCsp(context, violations),
        () => use(violations),
      );
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page, browser }, use) => {
      const problems: string[] = [];
      watchPageErrors(page.context(), problems);
      await watchingNewContexts(
        browser,
        (context) => watchPageErrors(context, problems),
        () => use(problems),
      );
      expect(problems, 'page errors and pages that did not hydrate as sent').toEqual([]);
    },
    { auto: true },
  ],
});

/** The watches applied to each browser context a browser opens, while the tests that asked for them run. */
const contextWatches = new WeakMap<Browser, Set<(context: BrowserContext) => unknown>>();

/** Runs `run` with `watch` applied to every browser context the test opens meanwhile. */
async function watchingNewContexts(
  browser: Browser,
  watch: (context: BrowserContext) => unknown,
  run: () => Promise<void>,
): Promise<void> {
  let watches = contextWatches.get(browser);
  if (!watches) {
    const all = new Set<(context: BrowserContext) => unknown>();
    watches = all;
    contextWatches.set(browser, all);
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...options) => {
      const context = await newContext(...options);
      for (const each of all) await each(context);
      return context;
    };
  }
  watches.add(watch);
  try {
    await run();
  } finally {
    watches.delete(watch);
  }
}

export { expect };
