import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
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
 * Every journey runs with a Content-Security-Policy watch on its page and on every other browser context it opens
 * (a phone, a second visitor): any violation the browser reports fails the test, so a script that needs eval or
 * an inline script can never slip in.
 */
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

export const test = base.extend<{ cspViolations: string[]; signedIn: Account & { tokens: Tokens } }>({
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
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options) => {
        const context = await newContext(...options);
        await watchCsp(context, violations);
        return context;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
