// Where sign-in sends a visitor back to, judged by Chromium's own URL parser: whatever `?from=` says, a signed-in
// visitor who opens the sign-in page, and one who signs in through its form without scripts, lands on a page of the
// portal's own origin.
import { createVerifiedAccount, signInBrowser } from './support/accounts';
import { catalogueText } from './support/catalogue';
import { expect, test } from './support/fixtures';

/** Return paths a browser would follow to another site (a tab or a new line it drops, a backslash it reads as '/'). */
const HOSTILE = ['/%09/evil.example', '/%0A/evil.example', '/%0D%0A/evil.example', '/%5C/evil.example', '/%E2%80%A8/x'];

test('a signed-in visitor opening sign-in with a hostile return path stays on the portal', async ({
  context,
  page,
  request,
  baseURL,
}) => {
  const { tokens } = await createVerifiedAccount(request);
  await signInBrowser(context, baseURL!, tokens);
  const origin = new URL(baseURL!).origin;
  for (const from of HOSTILE) {
    await page.goto(`/login?from=${from}`);
    expect(new URL(page.url()).origin, from).toBe(origin);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('signing in through the form with a hostile return path lands on a page of the portal, signed in', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await createVerifiedAccount(request);
    const origin = new URL(baseURL!).origin;
    await page.goto(`/login?from=${HOSTILE[0]}`);
    // The fields by their names (the form's field paths), the button by its text: both from the configuration.
    await page.locator('input[name="email"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: catalogueText('en', 'accounts:login.submit'), exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    expect(new URL(page.url()).origin).toBe(origin);
    expect(page.url()).not.toContain('evil');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
