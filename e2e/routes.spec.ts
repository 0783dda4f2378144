import { test, expect } from './support/fixtures';
import { createVerifiedAccount, loginThroughApi, signInBrowser, type Account } from './support/accounts';
import { validUrl, walkedRoutes as routes } from './support/route-views';

test.describe('every route of the manifest, logged out', () => {
  // One page visits every route in turn (a step each): a fresh browser per route would only repeat the start-up.
  test('every route shows its page, or sends a visitor who must sign in to the sign-in page', async ({ page }) => {
    test.setTimeout(routes.length * 15_000);
    for (const route of routes) {
      await test.step(`${route.path} (${route.guard})`, async () => {
        await page.goto(validUrl(route));
        if (route.guard === 'auth') {
          await expect(page).toHaveURL(/\/login(\?|$)/);
          return;
        }
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
        await expect(page.getByRole('heading', { name: 'This link is not valid' })).toHaveCount(0);
        if (route.hideHeaderFooter) {
          await expect(page.getByRole('banner')).toHaveCount(0);
          await expect(page.getByRole('contentinfo')).toHaveCount(0);
        } else {
          await expect(page.getByRole('banner')).toBeVisible();
          await expect(page.getByRole('contentinfo')).toBeVisible();
        }
      });
    }
  });

  for (const route of routes.filter(
    (r) => r.guard !== 'auth' && Object.values(r.query ?? {}).some((q) => q.required),
  )) {
    test(`${route.path} without its required parameters explains the link is not valid`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
      await page
        .getByRole('link', { name: 'Go to Home Page' })
        .or(page.getByRole('button', { name: 'Go to Home Page' }))
        .click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  for (const route of routes.filter(
    (r) => r.guard !== 'auth' && Object.values(r.query ?? {}).some((q) => q.required && q.enum),
  )) {
    test(`${route.path} with a value outside the allowed list explains the link is not valid`, async ({ page }) => {
      const params = new URLSearchParams();
      for (const [name, rule] of Object.entries(route.query ?? {}))
        if (rule.required) params.set(name, rule.enum ? 'nonsense' : 'x');
      await page.goto(`${route.path}?${params}`);
      await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    });
  }
});

/** Where a signed-in user without an application in the router context lands instead (the applicant's overview). */
const LANDS_WITHOUT_CONTEXT: Record<string, string> = {
  '/applications/declarations': '/applications/application',
  '/applications/supporting-documents': '/applications/application',
};

test('every route of the manifest, logged in, shows its page or sends the user where it belongs', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // One signed-in page visits every route in turn (a step each), as a user moving around the portal does.
  test.setTimeout(routes.length * 15_000);
  const account: Account = await createVerifiedAccount(request);
  await signInBrowser(context, baseURL!, await loginThroughApi(request, account));
  for (const route of routes) {
    await test.step(`${route.path} (${route.guard})`, async () => {
      await page.goto(validUrl(route));
      // A page that needs the router context's e-mail (change password) takes the signed-in profile's: it is shown.
      if (route.guard === 'guest') {
        await expect(page).toHaveURL(/\/profile$/);
        return;
      }
      // Judged once the page has settled: a page that needs context it lacks sends the user on by itself.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const landing = LANDS_WITHOUT_CONTEXT[route.path] ?? route.path;
      await expect(page).toHaveURL(new RegExp(`${landing.replace(/[/]/g, '\\/')}(\\?|$)`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    });
  }
});

test('an unknown address shows the not-found page, whose button goes home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(
    page.getByText('The page you are looking for does not exist, may have been moved, or is temporarily unavailable.'),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('img')).toBeVisible();
  await page
    .getByRole('link', { name: 'Go to Home Page' })
    .or(page.getByRole('button', { name: 'Go to Home Page' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
