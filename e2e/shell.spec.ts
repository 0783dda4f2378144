import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './support/fixtures';

const PUBLIC_PAGES = [
  '/',
  '/faq',
  '/registration-warning',
  '/registration',
  '/login',
  '/forgot-password',
  '/email-confirmation',
  '/otp',
  '/no-such-page',
];

/** Swipes with real touch events through the DevTools protocol, as a finger would. */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 6;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i += 1) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('desktop navigation at 1280 px', () => {
  test('logged out: Home, FAQs, Register, Login in the spec order; Register goes to the warning page', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'FAQs', 'Register', 'Login']);
    await nav.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/registration-warning$/);
    await nav.getByRole('link', { name: 'FAQs' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('logged in: Home, FAQs, Profile, Apply, Logout; Logout ends the session and goes home', async ({
    page,
    context,
    request,
    signedIn: account,
  }) => {
    await page.goto('/faq');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link').or(nav.getByRole('button'))).toHaveText([
      'Home',
      'FAQs',
      'Profile',
      'Apply',
      'Logout',
    ]);
    await nav.getByRole('link', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/applications\/create-application$/);
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.filter((c) => c.name === 'authToken' || c.name === 'refreshToken')).toEqual([]);
    // The server ended the session too: the old refresh token is refused.
    const refresh = await request.post('/api/eta/profile/refresh', {
      data: { refreshToken: account.tokens.refreshToken },
    });
    expect(refresh.status()).toBe(401);
  });

  test('header and footer carry the department, government-portal, social-media, terms and PAIA links from the runtime settings', async ({
    page,
    request,
  }) => {
    const settings = (await (await request.get('/envs')).json()) as { key: string; value: string }[];
    const setting = (key: string) => settings.find((s) => s.key === key)?.value;
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', setting('TERMS_URL')!);
    await expect(footer.getByRole('link', { name: 'PAIA Manual' })).toHaveAttribute('href', setting('PAIA_URL')!);
    await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', setting('FACEBOOK_URL')!);
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: /Department of Home Affairs/ })
        .first(),
    ).toHaveAttribute('href', setting('DEPARTMENT_URL')!);
  });

  test('the document carries a strict Content-Security-Policy and the page runs under it', async ({ page }) => {
    const response = await page.goto('/');
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('mobile navigation at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the menu button opens a right-side drawer at 60% width with the menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveText([
      'Home',
      'FAQs',
      'Register',
      'Login',
    ]);
    // Measured once the drawer has finished sliding in.
    await expect(async () => {
      const box = (await drawer.boundingBox())!;
      expect(Math.round(box.width)).toBe(Math.round(375 * 0.6));
      expect(Math.round(box.x + box.width)).toBe(375);
    }).toPass({ timeout: 5_000 });
    await drawer.getByRole('link', { name: 'FAQs' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('a swipe left from the right edge opens the drawer and a swipe right closes it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Starting 100 px from the edge is outside the 80 px band: nothing happens.
    await swipe(page, { x: 275, y: 400 }, { x: 175, y: 400 });
    await expect(page.getByRole('dialog')).toBeHidden();
    // Within the band but only 40 px: too short.
    await swipe(page, { x: 370, y: 400 }, { x: 330, y: 400 });
    await expect(page.getByRole('dialog')).toBeHidden();
    await swipe(page, { x: 365, y: 400 }, { x: 280, y: 400 });
    await expect(page.getByRole('dialog')).toBeVisible();
    await swipe(page, { x: 160, y: 400 }, { x: 260, y: 400 });
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('swipe is disabled where the header is hidden', async ({ page }) => {
    await page.goto('/wallet-error');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await swipe(page, { x: 365, y: 400 }, { x: 280, y: 400 });
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

// At 1280 px, languages.spec.ts runs axe on these pages in every other language; the layout does not change with
// the language, so English is checked here at the phone width, where it does.
for (const width of [375]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of PUBLIC_PAGES) {
      test(`axe finds nothing on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page);
      });
    }
    if (width < 600)
      test('axe finds nothing with the mobile menu open', async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page);
      });
  });
}

test('the language switcher changes the page language and it is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText(['Accueil', 'FAQ', 'S’inscrire', 'Se connecter']);
});

test.describe('loading overlay', () => {
  test.beforeEach(async ({ page }) => {
    // Records whether the overlay ever showed its spinner, however briefly.
    await page.addInitScript(() => {
      const w = window as unknown as { __overlaySeen: boolean };
      w.__overlaySeen = false;
      new MutationObserver(() => {
        const overlay = document.querySelector('[data-testid="loading-overlay"]');
        if (overlay?.textContent?.includes('Loading')) w.__overlaySeen = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
  });

  /**
   * Submits the forgot-password form; its call is answered by the browser itself after `delayMs`, so that how long
   * the request runs depends on the test alone, not on how busy the server is.
   */
  async function submitForgotPassword(page: Page, delayMs: number) {
    await page.route('**/api/eta/profile/request-password-reset', async (route) => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ message: 'sent' }) });
    });
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill('nobody@example.com');
    const answered = page.waitForResponse('**/api/eta/profile/request-password-reset');
    await page.getByRole('button', { name: /continue|send|reset/i }).click();
    return answered;
  }

  test('appears over the page when a request runs longer than 200 ms, and goes when it ends', async ({ page }) => {
    const answered = submitForgotPassword(page, 1500);
    await expect(page.getByRole('status').getByText('Loading')).toBeVisible();
    await answered;
    await expect(page.getByRole('status').getByText('Loading')).toBeHidden();
  });

  test('never shows for a request that ends within 200 ms', async ({ page }) => {
    await (await submitForgotPassword(page, 0)).finished();
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => (window as unknown as { __overlaySeen: boolean }).__overlaySeen)).toBe(false);
  });
});

test('an unexpected server answer shows the generic error page, whose button reloads home', async ({
  page,
  signedIn: _account,
}) => {
  // The server reads what a page it renders needs itself: the failing answer is the one the browser asks for when
  // the page is opened from another page once the scripts run.
  await page.goto('/applications');
  await page.route('**/api/eta/profile', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failure' })
      : route.continue(),
  );
  await page.getByRole('navigation').first().getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
  await expect(
    page.getByText('An unexpected error has occurred. Please refresh the page or try again later.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.unroute('**/api/eta/profile');
  await page
    .getByRole('button', { name: 'Go to Home Page' })
    .or(page.getByRole('link', { name: 'Go to Home Page' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/**
 * Opens Profile from the navigation while the profile answers as a gateway that timed out (504 is how a gateway
 * reports a time-out: the portal treats it like its own 90 s limit, without the wait), and expects the error dialog
 * titled Error with "Request timed out". Returns the dialog.
 */
async function openProfileThatTimesOut(page: Page) {
  await page.route('**/api/eta/profile', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 504, contentType: 'text/plain', body: 'Gateway Timeout' })
      : route.continue(),
  );
  await page.getByRole('navigation').first().getByRole('link', { name: 'Profile', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' }).or(page.getByRole('alertdialog', { name: 'Error' }));
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Request timed out')).toBeVisible();
  return dialog;
}

test('a request that times out shows the error dialog titled Error with "Request timed out"', async ({
  page,
  signedIn: _account,
}) => {
  await page.goto('/applications');
  const dialog = await openProfileThatTimesOut(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test("the error dialog shows once the page has been idle, even when its chunks can't be downloaded any more", async ({
  page,
  signedIn: _account,
}) => {
  await page.goto('/applications');
  // The page names the dialog's chunks to be fetched once it is idle (eta-idle-modules): wait until they have come.
  const chunks = await page.evaluate(
    () => JSON.parse(document.getElementById('eta-idle-modules')?.textContent ?? '{}').errorDialogView as string[],
  );
  expect(chunks.length).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(
        (hrefs) =>
          hrefs.every((href) =>
            performance
              .getEntriesByType('resource')
              .some((entry) => entry.name.endsWith(href) && (entry as PerformanceResourceTiming).responseEnd > 0),
          ),
        chunks,
      ),
    )
    .toBe(true);
  // From now on the dialog's chunks cannot be downloaded again.
  await page.route(
    (url) => chunks.some((href) => url.pathname === href),
    (route) => route.abort('internetdisconnected'),
  );
  await openProfileThatTimesOut(page);
});
