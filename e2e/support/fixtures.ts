import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** WCAG 2.2 AA, the bar every page and state of the portal is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails with a readable list when axe finds any violation on the settled page. A page is judged once it has
 * settled: a Fluent dialog that has just closed leaves its focus-trap markers for the length of its closing
 * animation, so the check is repeated for up to 15 seconds (a busy machine animates slowly, and one analysis
 * of a long page can take seconds); a lasting violation still fails.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  await expect(async () => {
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
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
 * Every journey runs with a Content-Security-Policy watch: any violation the browser reports fails the test,
 * so a script that needs eval or an inline script can never slip in.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
            `${event.violatedDirective} blocked ${event.blockedURI}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
