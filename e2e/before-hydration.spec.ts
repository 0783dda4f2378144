// Presses made while the page's scripts are still loading and taking the page over, on a phone's CPU (Chromium's CPU
// slowed 6x): nothing is waited for but the control itself. Each press does what it says: an empty sign-in or
// registration is answered with its problems, and a sign-in typed and pressed at once signs in.
import { createVerifiedAccount } from './support/accounts';
import { catalogueText } from './support/catalogue';
import { expect, test } from './support/fixtures';
import { answerPage, formModel } from './support/form-filler';
import type { Page } from '@playwright/test';

const t = (key: string) => catalogueText('en', key);

/** Slows the page's CPU 6x, as a mid-range phone runs the portal's scripts. */
async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

test.describe('presses before the page is taken over, CPU slowed 6x', () => {
  test.use({ viewport: { width: 375, height: 800 }, locale: 'en' });

  for (const [path, submitKey] of [
    ['/login', 'accounts:login.submit'],
    ['/registration', 'accounts:registration.submit'],
  ] as const) {
    test(`${path}: an empty form pressed at once is answered with its problems`, async ({ page }) => {
      await slowCpu(page);
      await page.goto(`${path}?lng=en`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: t(submitKey), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t('forms:engine.errorSummaryTitle') })).toBeVisible({
        timeout: 30_000,
      });
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test('a sign-in typed and pressed at once signs in', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    await slowCpu(page);
    await page.goto('/login?lng=en', { waitUntil: 'commit' });
    await answerPage(page, 'en', formModel('login'), 'main', { email: account.email, password: account.password });
    await page.getByRole('button', { name: t('accounts:login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: t('accounts:profile.title') })).toBeVisible();
  });
});
