// Presses made while the page's scripts are still loading and taking the page over, on a phone's CPU (Chromium's CPU
// slowed 6x): nothing is waited for but the control itself. Each press does what it says: an empty sign-in or
// registration is answered with its problems, a sign-in typed and pressed at once signs in, Menu shows the menu, and
// Continue on the first page of the application form leads where the same press leads once the page is taken over.
import { createVerifiedAccount } from './support/accounts';
import { applicationForTwoThroughApi, passCaptureThroughApi } from './support/application-form';
import { rememberApplication } from './support/capture-setup';
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

  test('Menu pressed at once shows the menu', async ({ page }) => {
    await slowCpu(page);
    await page.goto('/faq?lng=en', { waitUntil: 'commit' });
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('common:nav.menuButton'), exact: true })
      .click();
    // The menu below the header before the scripts run, the drawer after: either way the menu's links are shown.
    const menu = page.getByRole('navigation', { name: t('common:nav.label') }).filter({ visible: true });
    await expect(menu.getByRole('link', { name: t('common:nav.login'), exact: true })).toBeVisible({
      timeout: 30_000,
    });
  });

  test("the application form's Continue pressed at once leads where it leads once the page is taken over", async ({
    page,
    context,
    request,
    signedIn: account,
  }) => {
    const { applicationIdentifier, first } = await applicationForTwoThroughApi(request, account.tokens, account);
    await passCaptureThroughApi(request, account.tokens, applicationIdentifier, first);
    await rememberApplication(context, applicationIdentifier);
    const address = `/applications/application?applicantIdentifier=${first}&lng=en`;
    const continueButton = page
      .getByRole('main')
      .getByRole('button', { name: t('forms:engine.continue'), exact: true });
    const errors = page.getByRole('alert').filter({ hasText: t('forms:engine.errorSummaryTitle') });
    /** Where the press leads: the address and the page's heading, and whether problems are shown. */
    const outcome = async () => ({
      path: new URL(page.url()).pathname,
      heading: await page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent(),
      problems: await errors.isVisible(),
    });

    // Once the page is taken over (page.goto waits for it): the press as the scripts handle it.
    await page.goto(address);
    const before = new URL(page.url()).pathname;
    await continueButton.click();
    await expect
      .poll(async () => (await errors.isVisible()) || new URL(page.url()).pathname !== before, { timeout: 30_000 })
      .toBe(true);
    const hydrated = await outcome();

    // At once, on a slow CPU: the same press before the scripts run.
    await slowCpu(page);
    await page.goto(address, { waitUntil: 'commit' });
    await continueButton.click();
    await expect.poll(async () => (await outcome()).path, { timeout: 30_000 }).toBe(hydrated.path);
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: hydrated.heading ?? '' })).toBeVisible();
    expect((await outcome()).problems).toBe(hydrated.problems);
  });
});
