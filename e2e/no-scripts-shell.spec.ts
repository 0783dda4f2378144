// The shell with the browser's scripts switched off: Menu on a 375 px phone is a link to the menu's links, which the
// browser shows below the header, and Close menu hides them; the language is chosen with the switcher's button and
// the server renders the same page in it, right to left for Arabic; axe is clean on each state. With scripts, the
// switcher has no such button.
import { catalogueText } from './support/catalogue';
import { expect, test } from './support/fixtures';
import { openMenu } from './support/no-scripts';
import { staticCopies } from './support/static-copies';
import { photograph } from './support/screenshots';

const t = (lng: string, key: string) => catalogueText(lng, key);
const SHOTS = '.cache/screenshots/no-scripts-shell';

test.describe('the shell without scripts', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 }, locale: 'en' });

  test('the menu opens and the language is chosen by the switcher, on a phone', async ({ page, browser }) => {
    const copies = await staticCopies(browser, { width: 375, height: 800 });
    await page.goto('/faq?lng=en');
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: t('en', 'common:nav.menuButton') });
    const nav = banner.getByRole('navigation', { name: t('en', 'common:nav.label') }).filter({ visible: true });
    await expect(nav).toHaveCount(0);
    await openMenu(page, 'en');
    await expect(nav).toBeVisible();
    await banner.getByRole('link', { name: t('en', 'common:nav.closeMenu') }).click();
    await expect(nav).toHaveCount(0);
    await menu.click();
    await expect(nav.getByRole('link', { name: t('en', 'common:nav.login') })).toBeVisible();
    await copies.expectAccessible(page, 'menu open');
    await photograph(page, `${SHOTS}/01-menu-open.png`, { fullPage: false });
    await nav.getByRole('link', { name: t('en', 'common:nav.login') }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The switcher: the language, then its button; the same page comes back in that language.
    await banner.getByRole('combobox', { name: t('en', 'common:language.label') }).selectOption('ar');
    await banner.getByRole('button', { name: t('en', 'common:language.apply') }).click();
    await expect(page).toHaveURL(/\/login\?lng=ar$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: t('ar', 'accounts:login.title') })).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('combobox', { name: t('ar', 'common:language.label') }),
    ).toHaveValue('ar');
    await copies.expectAccessible(page, 'sign-in page in Arabic');
    await photograph(page, `${SHOTS}/02-login-ar.png`, { fullPage: false });
    // Remembered: the next page keeps it.
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await copies.close();
  });
});

test('with scripts, the switcher changes the language at once and shows no button for it', async ({ page }) => {
  await page.goto('/faq?lng=en');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('combobox', { name: t('en', 'common:language.label') })).toBeVisible();
  await expect(banner.getByRole('button', { name: t('en', 'common:language.apply') })).toHaveCount(0);
});
