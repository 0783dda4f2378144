import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTER_CONTEXT_COOKIE } from '../../shared/router-context-cookie';
import { addApplicant, createApplication, signIn } from '../applications/testing/client';
import { AUTH_TOKEN_COOKIE } from './session';
import { startPageApp, type PageApp } from './testing/page-app';

/** The page's data (what the browser takes the page over with), read from the HTML sent. */
function dataOf(html: string): { routerContext?: Record<string, string>; queries?: unknown } {
  return JSON.parse(/<script type="application\/json" id="eta-page">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');
}

/** Whom a page was rendered for: who is signed in, the application they work on, and whose applicant it lists. */
interface Visitor {
  email: string;
  familyName: string;
  applicationIdentifier: string;
  cookie: string;
}

describe("each page rendered at once sees its own request's visitor", () => {
  let pages: PageApp;
  const visitors: Visitor[] = [];

  beforeAll(async () => {
    pages = await startPageApp();
    const { app } = pages;
    for (const name of ['Abara', 'Bergström', 'Castellanos', 'Dimitrov', 'Eze', 'Fujimoto']) {
      const email = `scope-${name.toLowerCase().replace('ö', 'o')}@example.com`;
      const caller = await signIn(app, email);
      const applicationIdentifier = await createApplication(app, caller);
      await addApplicant(app, caller, applicationIdentifier, { familyName: name });
      const context = encodeURIComponent(JSON.stringify({ applicationIdentifier }));
      const cookie = `${AUTH_TOKEN_COOKIE}=${caller.token}; ${ROUTER_CONTEXT_COOKIE}=${context}`;
      visitors.push({ email, familyName: name, applicationIdentifier, cookie });
    }
  }, 120_000);
  afterAll(() => pages.close());

  const get = (url: string, cookie: string) =>
    pages.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': 'en', cookie } });

  it('renders the applicants of each visitor’s own application, from their router context and session', async () => {
    // All at once, twice each: none waits for another, so the renders and their API calls overlap.
    const asked = [...visitors, ...visitors];
    const answers = await Promise.all(asked.map((visitor) => get('/applications/manage-applicants', visitor.cookie)));
    answers.forEach((answer, i) => {
      const visitor = asked[i];
      expect(answer.statusCode).toBe(200);
      const data = dataOf(answer.body);
      expect(data.routerContext).toEqual({ applicationIdentifier: visitor.applicationIdentifier });
      // The page lists the visitor's own applicant, fetched with their session while rendering.
      expect(answer.body).toContain(visitor.familyName);
      expect(JSON.stringify(data.queries)).toContain(visitor.applicationIdentifier);
      for (const other of visitors.filter((v) => v !== visitor)) {
        expect(answer.body).not.toContain(other.familyName);
        expect(answer.body).not.toContain(other.applicationIdentifier);
      }
    });
  }, 60_000);

  it('renders each visitor’s own profile, and a visitor without a session is sent to sign in', async () => {
    const asked = [
      ...visitors.map((visitor) => ({ visitor, cookie: visitor.cookie })),
      { visitor: undefined, cookie: '' },
    ];
    const answers = await Promise.all(asked.map(({ cookie }) => get('/profile', cookie)));
    answers.forEach((answer, i) => {
      const { visitor } = asked[i];
      if (!visitor) {
        expect(answer.statusCode).toBe(302);
        expect(answer.headers.location).toMatch(/^\/login\?/);
        return;
      }
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain(visitor.email);
      for (const other of visitors.filter((v) => v !== visitor)) expect(answer.body).not.toContain(other.email);
    });
  }, 60_000);
});
