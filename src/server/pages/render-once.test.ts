import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rendersOf } from '../../shared/rendered-page';
import { ROUTER_CONTEXT_COOKIE } from '../../shared/router-context-cookie';
import { addApplicant, createApplication, signIn } from '../applications/testing/client';
import { AUTH_TOKEN_COOKIE } from './session';
import { startPageApp, type PageApp } from './testing/page-app';

/** The page's data (what the browser takes the page over with), read from the HTML sent. */
function dataOf(html: string): { queries?: { queries: { queryKey: unknown[] }[] } } {
  return JSON.parse(/<script type="application\/json" id="eta-page">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');
}

// Each page's loader fetches what the page shows before React renders it: the server renders every page once (its
// Server-Timing header says how many times), and the page's data carries what was fetched for the browser.
describe('a page is rendered once, with the data its loader fetched', () => {
  let pages: PageApp;
  let cookie = '';
  let applicationIdentifier = '';
  let applicantIdentifier = '';

  beforeAll(async () => {
    pages = await startPageApp();
    const caller = await signIn(pages.app, 'render-once@example.com');
    applicationIdentifier = await createApplication(pages.app, caller);
    applicantIdentifier = await addApplicant(pages.app, caller, applicationIdentifier, { familyName: 'Okonkwo' });
    const context = encodeURIComponent(JSON.stringify({ applicationIdentifier }));
    cookie = `${AUTH_TOKEN_COOKIE}=${caller.token}; ${ROUTER_CONTEXT_COOKIE}=${context}`;
  }, 120_000);
  afterAll(() => pages.close());

  const get = (url: string) =>
    pages.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': 'en', cookie } });

  const cases: [string, () => string, string | undefined][] = [
    ['my applications', () => '/applications', 'applications'],
    ['the profile', () => '/profile', 'render-once@example.com'],
    ['the applicants', () => '/applications/manage-applicants', 'Okonkwo'],
    ['confirming the applicants', () => '/applications/confirm-applicant', 'Okonkwo'],
    ['the task list', () => '/applications/application', 'Okonkwo'],
    [
      'a page of the application form',
      () => `/applications/application?applicantIdentifier=${applicantIdentifier}`,
      'Okonkwo',
    ],
    ['the declarations', () => `/applications/declarations?applicantIdentifier=${applicantIdentifier}`, 'Okonkwo'],
    [
      'the supporting documents',
      () => `/applications/supporting-documents?applicantIdentifier=${applicantIdentifier}`,
      'Okonkwo',
    ],
    ['the payment', () => '/applications/payment-overview', undefined],
    ['the receipt of an application not yet submitted', () => '/applications/application-submitted', undefined],
    ['an ETA not yet decided', () => `/applications/view-eta?applicantIdentifier=${applicantIdentifier}`, undefined],
    ['a public page', () => '/faq', undefined],
    ['the e-mail confirmation page, with its form to send the link again', () => '/verify-email', undefined],
  ];

  it.each(cases)(
    '%s',
    async (_name, url, shown) => {
      const answer = await get(url());
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      expect(rendersOf(answer.headers['server-timing'] as string)).toBe(1);
      if (shown) expect(answer.body).toContain(shown);
    },
    60_000,
  );

  it('fetches the answers of a form page once, for the redirect to the page that applies and for the page', async () => {
    const answer = await get(`/applications/application/passport?applicantIdentifier=${applicantIdentifier}`);
    expect(answer.statusCode).toBe(200);
    expect(rendersOf(answer.headers['server-timing'] as string)).toBe(1);
    const keys = (dataOf(answer.body).queries?.queries ?? []).map((query) => JSON.stringify(query.queryKey));
    expect(keys.filter((key) => key.includes(applicantIdentifier))).toHaveLength(1);
  }, 60_000);

  it('reads the profile once for a signed-in page, and shows it from that reading', async () => {
    const inject = vi.spyOn(pages.app, 'inject');
    try {
      const answer = await get('/profile');
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('render-once@example.com');
      const asked = inject.mock.calls.map((args) =>
        String(((args as unknown[])[0] as { url?: string } | undefined)?.url ?? ''),
      );
      // The page's own request, and the API's profile once (for the page's language and the page).
      expect(asked.filter((url) => url.startsWith('/api/eta/profile'))).toHaveLength(1);
    } finally {
      inject.mockRestore();
    }
  }, 60_000);

  it('follows the photo step to its session and renders the session once', async () => {
    const started = await get(`/capture/capture-biometrics?applicantIdentifier=${applicantIdentifier}`);
    expect(started.statusCode).toBe(302);
    const page = await get(String(started.headers.location));
    expect(page.statusCode).toBe(200);
    expect(rendersOf(page.headers['server-timing'] as string)).toBe(1);
  }, 60_000);
});
