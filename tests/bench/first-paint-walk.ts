/**
 * The bench's walk of every route without JavaScript (first-paint.ts says what it decides), and the portal it walks:
 * the built server with the data of the accessibility walk (e2e/support/route-views.ts).
 */
import { chromium, request, type BrowserContext } from '@playwright/test';
import { LOCALES_DIR } from '../../e2e/support/catalogue';
import { loginThroughApi, signInBrowser, type Tokens } from '../../e2e/support/accounts';
import { outcomesServerEnv } from '../../e2e/support/outcomes';
import { everyView, routeData, routerContextOf, type RouteData } from '../../e2e/support/route-views';
import { startServer, type RunningServer } from '../../e2e/support/server';
import { CHROMIUM_ARGS } from '../support/chromium';
import { languagesIn } from '../../src/server/languages';
import type { FirstPaintCheck } from './first-paint';

/** The languages of locales/, one folder each (src/server/languages.ts). */
export function portalLanguages(localesDir = LOCALES_DIR): string[] {
  return languagesIn(localesDir);
}

/** A portal of the bench's own that decides within seconds, with the data every route shows. */
export interface WalkPortal {
  server: RunningServer;
  data: RouteData;
  /** A fresh session of the data's account (an access token lasts minutes). */
  signIn(): Promise<Tokens>;
  close(): Promise<void>;
}

/** Starts the built portal (dist/server/main.js) with the data of the accessibility walk, made through its API. */
export async function startWalkPortal(): Promise<WalkPortal> {
  const server = await startServer({ env: { ...outcomesServerEnv(), E2E_SERVER: 'built' } });
  const api = await request.newContext({ baseURL: server.baseURL, timeout: 60_000 });
  try {
    const data = await routeData(api);
    return {
      server,
      data,
      signIn: () => loginThroughApi(api, data.account),
      close: async () => {
        await api.dispose();
        await server.kill();
      },
    };
  } catch (error) {
    await api.dispose();
    await server.kill();
    throw error;
  }
}

/**
 * Signs a browser context (or a Chromium profile) in on `portal` as the accessibility walk does: the session's cookies,
 * and the application the route is about in the browser's store and in the cookie the server reads it from
 * (src/shared/router-context-cookie.ts), written from a page of the portal.
 */
export async function signedInBrowser(context: BrowserContext, portal: WalkPortal, route: string): Promise<void> {
  await signInBrowser(context, portal.server.baseURL, await portal.signIn());
  const value = routerContextOf(route, portal.data);
  const url = new URL(portal.server.baseURL);
  await context.addCookies([
    {
      name: 'eta.routerContext',
      value: encodeURIComponent(value),
      domain: url.hostname,
      path: '/',
      sameSite: 'Lax',
      // Kept in a profile closed and opened again (Lighthouse's), as the session's cookies are.
      expires: Math.floor(Date.now() / 1000) + 24 * 3600,
    },
  ]);
  const page = await context.newPage();
  await page.goto(new URL('/faq', url).href);
  await page.evaluate((context) => localStorage.setItem('eta.routerContext', context), value);
  await page.close();
}

/**
 * Opens every way of opening every route (`everyView`) in each language (`?lng=`) on `portal` in Chromium with
 * JavaScript disabled and checks that `<main>` shows a visible h1 and content beyond it, and no spinner (a page sent
 * with a spinner paints its content only once its scripts have run).
 */
export async function checkFirstPaints(
  portal: WalkPortal,
  chromePath: string,
  languages = portalLanguages(),
): Promise<FirstPaintCheck[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const checks: FirstPaintCheck[] = [];
    for (const view of everyView(portal.data)) {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: portal.server.baseURL });
      if (view.session === 'user') await signedInBrowser(context, portal, view.path);
      const page = await context.newPage();
      const check: FirstPaintCheck = { route: view.path, view: view.name, shown: [], missing: [] };
      for (const language of languages) {
        const url = view.url(portal.data);
        await page.goto(`${url}${url.includes('?') ? '&' : '?'}lng=${language}`);
        const main = page.locator('main');
        const heading = main.locator('h1').first();
        const headingText = (await heading.count()) && (await heading.isVisible()) ? await heading.innerText() : '';
        const shown =
          headingText.trim() !== '' &&
          (await main.locator('.fui-Spinner').count()) === 0 &&
          (await main.innerText()).trim().length > headingText.trim().length;
        if (shown) check.shown.push(language);
        else {
          const found = (await main.count()) ? await main.first().innerText() : '(no <main>)';
          check.missing.push({ language, found: found.replace(/\s+/g, ' ').slice(0, 80) || '(empty <main>)' });
        }
      }
      checks.push(check);
      await context.close();
    }
    return checks;
  } finally {
    await browser.close();
  }
}
