/**
 * Every language under locales/, found at run time: right-to-left languages open the menu drawer from the left, by
 * the button and by a swipe from the left edge; the English-left detector, the pseudo-locale, and the language
 * chosen signed in. A language added to locales/ is walked without changing this file. Each page and state in each
 * language (its lang and dir, no English left, axe) is checked by the walk of every route (every-route.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latestMail } from './support/accounts';
import { catalogueText, englishTexts } from './support/catalogue';
import { collectPageTexts, englishLeft } from './support/english-left';
import { test, expect } from './support/fixtures';
import { languagesIn } from '../src/server/languages';
import { directionOf, FALLBACK_LANGUAGE } from '../src/shared/languages';

const LOCALES = join(import.meta.dirname, '..', 'locales');

const languages = languagesIn(LOCALES).filter((lng) => lng !== FALLBACK_LANGUAGE);

test.describe('every language', () => {
  for (const lng of languages) {
    // Written right to left, as the page decides it (src/shared/languages.ts).
    if (directionOf(lng) === 'rtl') {
      test.describe(`${lng} at 375 px`, () => {
        test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

        test('the drawer opens from the left, and a swipe from the left edge opens it', async ({ page }) => {
          await page.goto(`/?lng=${lng}`);
          await page.getByRole('banner').getByRole('button', { expanded: false }).click();
          const drawer = page.getByRole('dialog');
          await expect(drawer).toBeVisible();
          await expect(async () => expect((await drawer.boundingBox())?.x).toBe(0)).toPass();
          await page.keyboard.press('Escape');
          await expect(drawer).toBeHidden();

          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 10, y: 400 }] });
          for (let x = 30; x <= 130; x += 20)
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 402 }] });
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
          await expect(page.getByRole('dialog')).toBeVisible();
          await expect(async () => expect((await page.getByRole('dialog').boundingBox())?.x).toBe(0)).toPass();
        });
      });
    }
  }
});

test('the English-left detector finds, in the browser, a one-word English button left on a translated page', async ({
  page,
}) => {
  const lng = languages[0];
  const key = 'forms:engine.continue';
  await page.goto(`/?lng=${lng}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  const texts = englishTexts(lng);
  expect(englishLeft(texts, await page.evaluate(collectPageTexts))).toEqual([]);
  await page.evaluate(
    (text) => {
      const button = document.createElement('button');
      button.textContent = text;
      document.querySelector('main')?.append(button);
    },
    catalogueText('en', key),
  );
  expect(englishLeft(texts, await page.evaluate(collectPageTexts))).toEqual([expect.stringContaining(key)]);
});

test('the development pseudo-locale, opened by ?lng=en-XA, accents and lengthens every text', async ({ page }) => {
  await page.goto('/?lng=en-XA');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^⟦.+⟧$/);
  await expect(page.getByRole('navigation').first().getByRole('link').first()).toHaveText(/^⟦Ĥöɱé ·+⟧$/);
});

test('signed in, the language chosen in the header is saved in the profile and the e-mails follow it', async ({
  page,
  request,
  signedIn: account,
}) => {
  const lng = languages[0];
  expect(lng, 'a language besides English in locales/').toBeTruthy();
  const profileReads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/eta/profile') profileReads.push(r.url());
  });
  await page.goto('/profile');
  // The server rendered the page from the profile and in its language: the scripts that take it over ask for neither.
  await page.waitForLoadState('networkidle');
  expect(profileReads).toEqual([]);
  await page.getByRole('banner').getByRole('combobox').selectOption(lng);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  const headers = { authorization: `Bearer ${account.tokens.accessToken}` };
  await expect(async () => {
    const profile = await (await request.get('/api/eta/profile', { headers })).json();
    expect(profile.language).toBe(lng);
  }).toPass();
  // A password reset asked for in English is e-mailed in the profile's language.
  await request.post('/api/eta/profile/request-password-reset', {
    data: { email: account.email },
    headers: { 'accept-language': 'en' },
  });
  const mail = await latestMail(request, account.email, /.+/, { count: 2 });
  const englishSubject = JSON.parse(readFileSync(join(LOCALES, 'en', 'emails.json'), 'utf8')).resetPassword?.subject;
  const subject = JSON.parse(readFileSync(join(LOCALES, lng, 'emails.json'), 'utf8')).resetPassword?.subject;
  expect(subject).not.toBe(englishSubject);
  expect(mail.subject).toBe(subject);
});
