// The accessibility audit of every route of schemas/routes.manifest.json, in every language of locales/ (both
// found at run time: a new route or language is walked without editing this file). Each route is opened in its
// loaded state and in its other states (a form submitted empty, Close application pressed), signed in with an
// application at the right step where the route needs one, and the outcome pages with a real ETA, permit and
// rejection (set up through the API on a server of the audit's own that decides within a second). Each state is
// checked for the language and its direction; in every language but English for English text left; with axe; at
// 320 px for reflow (no sideways scrolling); and in English and the first right-to-left language every focusable
// element is tabbed to, and must not be hidden under a pinned element.
// English (at 1280 and 375 px) and the right-to-left language (at 375 px) are walked as the page's scripts make them;
// the other languages, whose words differ but not their layout or their controls, as the server sends them (the
// scripts not run, the forms posted to the server: what a visitor without scripts sees) with axe at 375 px: every rule
// in the first of them, the rules words can break in the others.
// `npm run audit:a11y` (AUDIT_FULL=1) walks every language with its scripts, with axe and the tab walk at both widths.
// The 320 px screenshots of English, Arabic and Chinese are kept in .cache/screenshots/a11y/ (support/screenshots.ts
// says when). One test per language:
// the data is made once per worker, and a page's first other state starts from the page as it was just checked, each
// further state from a fresh load. How each route is opened, and the data it shows, is support/route-views.ts.
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { loginThroughApi, signInBrowser } from './support/accounts';
import { catalogueText, englishTexts, expectNoEnglish } from './support/catalogue';
import { AXE_WORDING_RULES, expect, expectAccessible, test, waitsForHydration } from './support/fixtures';
import { outcomesServerEnv } from './support/outcomes';
import { expectFocusNotObscured, expectReflow } from './support/page-checks';
import {
  everyView,
  NOT_WALKED,
  routeData,
  routerContextOf,
  type RouteData,
  type Session,
  type View,
} from './support/route-views';
import { startServer, type RunningServer } from './support/server';
import { languagesIn } from '../src/server/languages';
import { directionOf, FALLBACK_LANGUAGE } from '../src/shared/languages';
import { rendersOf } from '../src/shared/rendered-page';
import { photograph } from './support/screenshots';

/**
 * The languages walked: every language of locales/ (`npm test`, `npm run audit:a11y`), or those AUDIT_LANGUAGES
 * names (comma-separated: `npm run audit:a11y -- ar,zh`).
 */
const wanted = (process.env.AUDIT_LANGUAGES ?? 'all').split(',').map((l) => l.trim());
const languages = languagesIn(join(import.meta.dirname, '..', 'locales')).filter(
  (name) => wanted.includes('all') || wanted.includes(name),
);
const FULL_AUDIT = process.env.AUDIT_FULL === '1';
/**
 * The languages walked with the page's scripts, and tabbed through for hidden focus: the layout, not the words,
 * decides what those find, so English and the first right-to-left language (its layout mirrored) stand for the others
 * and keep the audit's time down. `npm run audit:a11y` (AUDIT_FULL=1) walks every language so.
 */
const SCRIPTED = new Set([
  FALLBACK_LANGUAGE,
  ...languagesIn(join(import.meta.dirname, '..', 'locales'))
    .filter((l) => directionOf(l) === 'rtl')
    .slice(0, 1),
]);
const scripted = (lng: string) => FULL_AUDIT || SCRIPTED.has(lng);
/**
 * The language walked as the server sends it that axe judges by every rule; the others, whose pages differ from it
 * only in their words, by the rules words can break (AXE_WORDING_RULES). `npm run audit:a11y` uses every rule in every
 * language.
 */
const FULLY_JUDGED_AS_SENT = languagesIn(join(import.meta.dirname, '..', 'locales')).find((l) => !SCRIPTED.has(l));
const axeRules = (lng: string) =>
  FULL_AUDIT || scripted(lng) || lng === FULLY_JUDGED_AS_SENT ? undefined : AXE_WORDING_RULES;
const axeWidths = (lng: string) => (FULL_AUDIT || lng === FALLBACK_LANGUAGE ? [1280, 375] : [375]);
const focusWidths = (lng: string) => (scripted(lng) ? axeWidths(lng) : []);
/** The languages whose 320 px pages are photographed, to look at: English, right to left, and Chinese script. */
const SHOT_LANGUAGES = new Set(['en', 'ar', 'zh']);
const SHOTS = join('.cache', 'screenshots', 'a11y');

/**
 * Waits until the page has settled: its fonts and images loaded and no spinner left (the portal's pages show a
 * Fluent spinner while their data loads), so that what is checked is what a visitor sees. A page whose spinner
 * waits on something else (a phone, a camera) settles once its network has been quiet for half a second.
 */
async function settled(page: Page, withScripts: boolean): Promise<void> {
  await page
    .waitForFunction(
      // Without scripts, a spinner the server sent stays: the page as sent is what is checked.
      (spinnersGo) =>
        document.fonts.status === 'loaded' &&
        Array.from(document.images).every((image) => image.complete) &&
        !(spinnersGo && document.querySelector('.fui-Spinner')),
      withScripts,
      { timeout: 5_000 },
    )
    .catch(() => page.waitForLoadState('networkidle'));
}

let server: RunningServer;
let api: APIRequestContext;
let data: RouteData;

// One test per language, shared out among the workers (each sets up its server and data once, in beforeAll).
test.describe.configure({ mode: 'parallel' });
// A control that is not there fails its step soon, and the walk goes on to the next route.
test.use({ actionTimeout: 10_000, navigationTimeout: 20_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ env: outcomesServerEnv() });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL, timeout: 60_000 });
  data = await routeData(api);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.kill();
});

for (const lng of languages) {
  test(`every route and state in ${lng}${scripted(lng) ? '' : ' as the server sends it'}: axe${
    axeRules(lng) ? "'s wording rules" : ''
  } at ${axeWidths(lng).join(' and ')} px, reflow at 320 px${lng === FALLBACK_LANGUAGE ? '' : ', no English left'}${
    scripted(lng) ? ', focus never hidden' : ''
  }`, async ({ page, browser }) => {
    test.setTimeout(1_800_000);
    for (const [path, why] of Object.entries(NOT_WALKED))
      test.info().annotations.push({ type: 'not walked', description: `${path}: ${why}` });
    const english = lng === 'en' ? [] : englishTexts(lng);
    // A session of the language's own (an access token lasts minutes, the walk of every language longer). Signed
    // in, the profile's saved language is the user's language (it wins over the link's `lng`): saved first.
    const tokens = await loginThroughApi(api, data.account);
    const saved = await api.patch('/api/eta/profile', {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
      data: { language: lng },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const walkContext = () => browser.newContext({ baseURL: server.baseURL, locale: 'en-GB' });
    /**
     * A page of the walk: without the page's scripts unless walked with them. The browser itself refuses them (every
     * script of the portal is a .js file), so no request waits on the test; axe, injected by the test, still runs.
     */
    const walkPage = async (context: BrowserContext) => {
      const walked = await context.newPage();
      // A press made before the scripts take the page over is sent natively (Close application then asks on a page
      // of its own): the walk checks the page once it answers as a visitor sees it, as the test's own page does.
      waitsForHydration(walked, scripted(lng));
      if (!scripted(lng)) {
        const devtools = await context.newCDPSession(walked);
        await devtools.send('Network.enable');
        await devtools.send('Network.setBlockedURLs', { urls: ['*.js'] });
      }
      return walked;
    };
    const userContext = await walkContext();
    await signInBrowser(userContext, server.baseURL, tokens);
    const visitorContext = scripted(lng) ? undefined : await walkContext();
    const pages: Record<Session, Page> = {
      visitor: visitorContext ? await walkPage(visitorContext) : page,
      user: await walkPage(userContext),
    };
    const closeTitle = catalogueText(lng, 'common:closeApplication.title');
    const closeButton = catalogueText(lng, 'common:closeApplication.button');
    const keepOpen = catalogueText(lng, 'common:closeApplication.no');

    /** Every problem found, so that one run lists them all (the test fails at the end when there is any). */
    const problems: string[] = [];
    const noting = async (what: string, run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        problems.push(
          `${what}: ${String((error as Error).message)
            .split('\n')
            .slice(0, 14)
            .join('\n')}`,
        );
      }
    };

    /** The page as it is now, at the three widths; back at 1280 px after. */
    const check = async (p: Page, where: string) => {
      const height = 800;
      if (lng !== 'en') await noting(where, () => expectNoEnglish(p, english, `${where} in ${lng}`));
      for (const width of axeWidths(lng)) {
        await p.setViewportSize({ width, height });
        await noting(where, () => expectAccessible(p, `${where} in ${lng} at ${width} px`, { rules: axeRules(lng) }));
        if (focusWidths(lng).includes(width))
          await noting(where, () => expectFocusNotObscured(p, `${where} in ${lng} at ${width} px`));
      }
      await p.setViewportSize({ width: 320, height: 640 });
      await noting(where, () => expectReflow(p, `${where} in ${lng} at 320 px`));
      if (SHOT_LANGUAGES.has(lng)) await photograph(p, join(SHOTS, `${lng}-${where.replace(/\W+/g, '-')}-320.png`));
      await p.setViewportSize({ width: 1280, height });
    };

    const open = async (view: View) => {
      const p = pages[view.session];
      if (view.session === 'user') {
        // Written from a page of the portal, before the page that reads it starts (one already open will do).
        if (!p.url().startsWith(server.baseURL)) await p.goto(`${server.baseURL}/?lng=${lng}`);
        await p.evaluate(
          (value) => {
            // The browser's store and the cookie the server reads it from (src/shared/router-context-cookie.ts).
            localStorage.setItem('eta.routerContext', value);
            document.cookie = `eta.routerContext=${encodeURIComponent(value)}; path=/; samesite=lax`;
          },
          routerContextOf(view.path, data),
        );
      }
      const url = view.url(data);
      const response = await p.goto(`${server.baseURL}${url}${url.includes('?') ? '&' : '?'}lng=${lng}`);
      // The server rendered the page once: its loaders fetched what it shows before React rendered it.
      const timing = (await response?.allHeaders())?.['server-timing'];
      await noting(`${view.name}: rendered once`, async () => expect(rendersOf(timing), String(timing)).toBe(1));
      await expect(p.locator('html')).toHaveAttribute('lang', lng);
      await expect(p.locator('html')).toHaveAttribute('dir', directionOf(lng));
      await expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settled(p, scripted(lng));
      return p;
    };

    for (const view of everyView(data)) {
      await test.step(view.name, () =>
        noting(view.name, async () => {
          const p = await open(view);
          await check(p, view.name);
          // The first other state starts from the page as loaded (checking it changes nothing but its width).
          for (const [i, state] of view.states.entries()) {
            if (i > 0) await open(view);
            if (state === 'submitted empty') {
              // The route's own form: the form engine's (its Continue is named `_action=continue`), not another form
              // on the page (Close application before it, change password's "send me a code" after it); else the
              // page's last submit button.
              const main = p.getByRole('main');
              const engineForm = main.locator('form:has(button[name="_action"][value="continue"])').first();
              const submit = (await engineForm.count())
                ? engineForm.locator('button[type="submit"]:not([hidden])').last()
                : main.locator('button[type="submit"]:not([hidden])').last();
              await submit.click();
              await expect(p.getByRole('main').getByRole('alert').first()).toBeVisible();
              await check(p, `${view.name} submitted empty`);
            } else if (!scripted(lng)) {
              // Without scripts, Close application asks on a page of its own, and No comes back.
              const button = p.getByRole('main').getByRole('button', { name: closeButton, exact: true });
              await button.click();
              await expect(p.getByRole('heading', { level: 1, name: closeTitle, exact: true })).toBeVisible();
              await check(p, `${view.name} close asked`);
              await p.getByRole('main').getByRole('link', { name: keepOpen, exact: true }).click();
              await expect(button).toBeVisible();
            } else {
              const button = p.getByRole('button', { name: closeButton, exact: true });
              const dialog = p.getByRole('alertdialog').or(p.getByRole('dialog'));
              await button.click();
              await expect(dialog).toBeVisible();
              await check(p, `${view.name} dialog open`);
              await dialog.getByRole('button', { name: keepOpen, exact: true }).click();
              await expect(dialog).toBeHidden();
              await expect(button).toBeFocused();
            }
          }
        }),
      );
    }
    await userContext.close();
    await visitorContext?.close();
    expect(problems, `accessibility problems in ${lng}`).toEqual([]);
  });
}
