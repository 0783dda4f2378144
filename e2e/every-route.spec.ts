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
// scripts not run, the forms posted to the server: what a visitor without scripts sees) with axe at 375 px.
// `npm run audit:a11y` (AUDIT_FULL=1) walks every language with its scripts, with axe and the tab walk at both widths.
// The 320 px screenshots of English, Arabic and Chinese are kept in .cache/screenshots/a11y/. One test per language:
// the data is made once per worker, and a page's first other state starts from the page as it was just checked, each
// further state from a fresh load.
// Over 300 lines on purpose: the table of how each route is opened and the walk that reads it belong together.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import manifest from '../schemas/routes.manifest.json' with { type: 'json' };
import { createVerifiedAccount, loginThroughApi, signInBrowser, type Account, type Tokens } from './support/accounts';
import { applicationForTwoThroughApi, passCaptureThroughApi } from './support/application-form';
import { catalogueText, englishTexts, expectNoEnglish } from './support/catalogue';
import { applicationAtDocumentsThroughApi, documentsCompletedThroughApi } from './support/documents-payment';
import { expect, expectAccessible, test } from './support/fixtures';
import { outcomesServerEnv, submittedApplicationThroughApi } from './support/outcomes';
import { expectFocusNotObscured, expectReflow } from './support/page-checks';
import { startServer, type RunningServer } from './support/server';
import { languagesIn } from '../src/server/languages';
import { directionOf, FALLBACK_LANGUAGE } from '../src/shared/languages';

interface ManifestRoute {
  path: string;
  guard?: 'public' | 'auth' | 'guest';
  form?: string;
  showCloseApplication?: boolean;
  enabledBySetting?: string;
  query?: Record<string, { required?: boolean; enum?: string[] }>;
  children?: ManifestRoute[];
}

/** Every route of the manifest with its full path and effective guard (children inherit their parent's). */
function flatten(routes: ManifestRoute[], parent?: ManifestRoute): ManifestRoute[] {
  return routes.flatMap((route) => {
    const path = parent ? `${parent.path}/${route.path}` : route.path;
    const own: ManifestRoute = { ...route, path, guard: route.guard ?? parent?.guard ?? 'public' };
    return [own, ...flatten(route.children ?? [], own)];
  });
}

/** The data made through the API before the walk. */
interface Data {
  account: Account & { tokens: Tokens };
  /** At the application form (capture passed) for `first`; `second` still at the photo step. */
  atForm: { applicationIdentifier: string; first: string; second: string; captureSession: string };
  /** Both applicants' forms and declarations answered: at the supporting documents. */
  atDocuments: { applicationIdentifier: string; first: string };
  /** Documents given too: awaiting payment. */
  atPayment: { applicationIdentifier: string };
  /** Paid and decided: an ETA approved, one refused, and a visitor's visa (a permit). */
  submitted: { applicationIdentifier: string; approved: string; refused: string; permit: string };
}

type Session = 'visitor' | 'user';
/** One way of opening a route, with the states to bring it to after its loaded state. */
interface View {
  name: string;
  session: Session;
  url: (d: Data) => string;
  states: ('submitted empty' | 'dialog open')[];
}

const all = flatten((manifest as { routes: ManifestRoute[] }).routes);
/** Routes a setting turns on are off on a production server, so the audit leaves them out. */
const routes = all.filter((r) => !r.enabledBySetting);

/** The address with each required query parameter given a valid value (as routes.spec.ts opens them). */
function validUrl(route: ManifestRoute): string {
  const params = new URLSearchParams();
  for (const [name, rule] of Object.entries(route.query ?? {}))
    if (rule.required) params.set(name, rule.enum?.[0] ?? 'test-value');
  return params.size ? `${route.path}?${params}` : route.path;
}

/**
 * The routes whose pages need more than their plain address: the data they show, or another way of opening
 * them. Every other route is opened at its address in the session its guard asks for.
 */
const VIEWS: Record<string, (d: Data) => Partial<Pick<View, 'url' | 'states'>>[]> = {
  '/capture': (d) => [{ url: () => `/capture?sessionIdentifier=${d.atForm.captureSession}&routeFrom=web` }],
  '/capture/capture-biometrics': (d) => [
    { url: () => `/capture/capture-biometrics?applicantIdentifier=${d.atForm.second}` },
  ],
  '/applications/application': (d) => [
    { url: () => '/applications/application', states: ['dialog open'] },
    { url: () => `/applications/application?applicantIdentifier=${d.atForm.first}` },
  ],
  '/applications/declarations': (d) => [
    { url: () => `/applications/declarations?applicantIdentifier=${d.atDocuments.first}`, states: [] },
  ],
  '/applications/supporting-documents': (d) => [
    { url: () => `/applications/supporting-documents?applicantIdentifier=${d.atDocuments.first}` },
  ],
  '/applications/application-submitted': (d) => [
    { url: () => `/applications/application-submitted?applicationIdentifier=${d.submitted.applicationIdentifier}` },
  ],
  '/applications/payment-complete': (d) => [
    { url: () => `/applications/payment-complete?applicationIdentifier=${d.submitted.applicationIdentifier}` },
  ],
  '/applications/view-eta': (d) => [
    { url: () => `/applications/view-eta?applicantIdentifier=${d.submitted.approved}` },
  ],
  '/applications/view-visa': (d) => [
    { url: () => `/applications/view-visa?applicantIdentifier=${d.submitted.permit}` },
  ],
  '/applications/view-notice': (d) => [
    { url: () => `/applications/view-notice?applicantIdentifier=${d.submitted.refused}` },
  ],
  '/verify-seal': () => [{ states: ['submitted empty'] }],
  '/reset-password': () => [{ states: [] }],
};

/** The router context each signed-in route is opened with (the application it is about). */
const CONTEXT: Record<string, (d: Data) => string> = {
  '/applications/supporting-documents': (d) => d.atDocuments.applicationIdentifier,
  '/applications/declarations': (d) => d.atDocuments.applicationIdentifier,
  '/applications/payment-overview': (d) => d.atPayment.applicationIdentifier,
};

/** States a route has but the walk cannot bring it to, and why (any other route's states are all walked). */
const NOT_WALKED: Record<string, string> = {
  '/capture/image-capture-entry':
    'the camera itself: headless Chromium has no camera, so the page shows its no-camera state (walked)',
  '/verify-email': 'the confirmed state needs a fresh e-mailed link (walked by journey-languages.spec.ts)',
  '/reset-password': 'the form with a valid key needs a fresh e-mailed link; walked without one (link not valid)',
  '/applications/declarations':
    'sent empty: its applicant has answered them already (the same form engine is sent empty on the application form)',
  '/form-preview': 'on only where FORM_PREVIEW is set (a development setting), so not part of the audit',
};

/** The error pages, which no route of the manifest names. */
const ERROR_VIEWS: View[] = [
  { name: 'not found', session: 'visitor', url: () => '/no/such/page', states: [] },
  { name: 'link not valid', session: 'visitor', url: () => '/capture', states: [] },
];

function viewsOf(route: ManifestRoute, data: Data): View[] {
  const session: Session = route.guard === 'auth' ? 'user' : 'visitor';
  const states: View['states'] = [
    ...(route.form ? (['submitted empty'] as const) : []),
    ...(route.showCloseApplication ? (['dialog open'] as const) : []),
  ];
  const own = VIEWS[route.path]?.(data) ?? [{}];
  return own.map((v, i) => ({
    name: own.length > 1 ? `${route.path} (${i + 1})` : route.path,
    session,
    url: v.url ?? (() => validUrl(route)),
    states: v.states ?? states,
  }));
}

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
let data: Data;

// One test per language, shared out among the workers (each sets up its server and data once, in beforeAll).
test.describe.configure({ mode: 'parallel' });
// A control that is not there fails its step soon, and the walk goes on to the next route.
test.use({ actionTimeout: 10_000, navigationTimeout: 20_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ env: outcomesServerEnv() });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL, timeout: 60_000 });
  const account = await createVerifiedAccount(api);
  const { tokens } = account;
  const holder = { givenNames: account.givenNames, familyName: account.familyName };
  // The submitted ones first, so that their decisions (a second after payment) are in by the time they are shown.
  const eta = await submittedApplicationThroughApi(api, tokens, 'ETA', [
    { ...holder, dateOfBirth: '1986-04-12', isAccountHolder: true },
    {
      givenNames: 'Léo',
      familyName: 'Dubois',
      dateOfBirth: '2015-02-01',
      isAccountHolder: false,
      // A passport that runs out five days after the departure: refused by the rules.
      answers: { departureDate: '2030-03-20', passportExpiryDate: '2030-03-25' },
    },
  ]);
  const visa = await submittedApplicationThroughApi(api, tokens, 'ETA_SECTION_11_1', [
    { givenNames: 'Amélie', familyName: 'Dubois', dateOfBirth: '1988-09-30', isAccountHolder: false },
  ]);
  const atForm = await applicationForTwoThroughApi(api, tokens, holder);
  await passCaptureThroughApi(api, tokens, atForm.applicationIdentifier, atForm.first);
  const session = await api.post('/api/eta/biometrics', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    data: { applicationIdentifier: atForm.applicationIdentifier, applicantIdentifier: atForm.second },
  });
  expect(session.status(), await session.text()).toBe(201);
  const atDocuments = await applicationAtDocumentsThroughApi(api, tokens, holder);
  const atPayment = await applicationAtDocumentsThroughApi(api, tokens, holder);
  await documentsCompletedThroughApi(api, tokens, atPayment.applicationIdentifier, [atPayment.first, atPayment.second]);
  data = {
    account,
    atForm: { ...atForm, captureSession: ((await session.json()) as { sessionIdentifier: string }).sessionIdentifier },
    atDocuments: { applicationIdentifier: atDocuments.applicationIdentifier, first: atDocuments.first },
    atPayment: { applicationIdentifier: atPayment.applicationIdentifier },
    submitted: {
      applicationIdentifier: eta.applicationIdentifier,
      approved: eta.applicants[0].applicantIdentifier,
      refused: eta.applicants[1].applicantIdentifier,
      permit: visa.applicants[0].applicantIdentifier,
    },
  };
  // The decisions are in once each document answers.
  const auth = { Authorization: `Bearer ${tokens.accessToken}` };
  for (const [applicant, segment] of [
    [data.submitted.approved, 'eta'],
    [data.submitted.refused, 'rejection-notice'],
    [data.submitted.permit, 'permit'],
  ] as const)
    await expect
      .poll(async () => (await api.get(`/api/eta/applicants/${applicant}/${segment}`, { headers: auth })).status(), {
        timeout: 30_000,
      })
      .toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.kill();
});

for (const lng of languages) {
  test(`every route and state in ${lng}${scripted(lng) ? '' : ' as the server sends it'}: axe at ${axeWidths(lng).join(
    ' and ',
  )} px, reflow at 320 px${lng === FALLBACK_LANGUAGE ? '' : ', no English left'}${
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
    mkdirSync(SHOTS, { recursive: true });
    const walkContext = () => browser.newContext({ baseURL: server.baseURL, locale: 'en-GB' });
    /**
     * A page of the walk: without the page's scripts unless walked with them. The browser itself refuses them (every
     * script of the portal is a .js file), so no request waits on the test; axe, injected by the test, still runs.
     */
    const walkPage = async (context: BrowserContext) => {
      const walked = await context.newPage();
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
        await noting(where, () => expectAccessible(p, `${where} in ${lng} at ${width} px`));
        if (focusWidths(lng).includes(width))
          await noting(where, () => expectFocusNotObscured(p, `${where} in ${lng} at ${width} px`));
      }
      await p.setViewportSize({ width: 320, height: 640 });
      await noting(where, () => expectReflow(p, `${where} in ${lng} at 320 px`));
      if (SHOT_LANGUAGES.has(lng))
        await p.screenshot({ path: join(SHOTS, `${lng}-${where.replace(/\W+/g, '-')}-320.png`), fullPage: true });
      await p.setViewportSize({ width: 1280, height });
    };

    const open = async (view: View, path: string) => {
      const p = pages[view.session];
      if (view.session === 'user') {
        const application = (CONTEXT[path] ?? ((d: Data) => d.atForm.applicationIdentifier))(data);
        // Written from a page of the portal, before the page that reads it starts (one already open will do).
        if (!p.url().startsWith(server.baseURL)) await p.goto(`${server.baseURL}/?lng=${lng}`);
        await p.evaluate(
          (context) => {
            // The browser's store and the cookie the server reads it from (src/shared/router-context-cookie.ts).
            const value = context;
            localStorage.setItem('eta.routerContext', value);
            document.cookie = `eta.routerContext=${encodeURIComponent(value)}; path=/; samesite=lax`;
          },
          JSON.stringify({ applicationIdentifier: application, email: data.account.email }),
        );
      }
      const url = view.url(data);
      await p.goto(`${server.baseURL}${url}${url.includes('?') ? '&' : '?'}lng=${lng}`);
      await expect(p.locator('html')).toHaveAttribute('lang', lng);
      await expect(p.locator('html')).toHaveAttribute('dir', directionOf(lng));
      await expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settled(p, scripted(lng));
      return p;
    };

    const views = [
      ...routes.flatMap((route) => viewsOf(route, data).map((view) => ({ view, path: route.path }))),
      ...ERROR_VIEWS.map((view) => ({ view, path: view.name })),
    ];
    for (const { view, path } of views) {
      await test.step(view.name, () =>
        noting(view.name, async () => {
          const p = await open(view, path);
          await check(p, view.name);
          // The first other state starts from the page as loaded (checking it changes nothing but its width).
          for (const [i, state] of view.states.entries()) {
            if (i > 0) await open(view, path);
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
