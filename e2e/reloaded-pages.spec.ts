// A page reached inside the app, then loaded anew (a reload): the server renders it from its address, and the page's
// scripts take it over as it was sent, whatever the history entry carried for the visit that navigated there. The
// shared fixture fails the test on any page error or hydration error React reports (e2e/support/fixtures.ts).
import { PASSWORD } from './support/accounts';
import { expect, test } from './support/fixtures';

test('the profile reached with "password changed", reloaded, is taken over as the server sent it', async ({
  page,
  signedIn: _account,
}) => {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile\/change-password$/);
  const next = 'Second#Passw0rd2027';
  await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const changed = page.getByRole('status').filter({ hasText: 'Your password has been changed.' });
  // The notice came with the navigation (its history entry's state), not from the server.
  await expect(changed).toBeVisible();

  await page.reload();
  await expect(page.locator('body > #root')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  // The page as the server sent it: the notice of the earlier visit is not drawn again.
  await expect(changed).toHaveCount(0);
});
