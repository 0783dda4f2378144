import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rendersOf } from '../../shared/rendered-page';
import { PATHS } from '../../shared/route-paths';
import { pagesOf } from '../../shared/forms/flow/pages';
import { namedStep, stepsOf } from '../../shared/forms/journey';
import type { JsonSchema } from '../../shared/validation/schema-walk';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import { ROUTER_CONTEXT_COOKIE } from '../../shared/router-context-cookie';
import { addApplicant, createApplication, signIn } from '../applications/testing/client';
import { AUTH_TOKEN_COOKIE } from './session';
import { startPageApp, type PageApp } from './testing/page-app';

const schemaFile = (name: string) => JSON.parse(readFileSync(join(DEFAULT_SCHEMAS_DIR, name), 'utf8')) as JsonSchema;
/** The first page of the application form, as the configuration names it. */
const firstPage = (() => {
  const form = namedStep(stepsOf(schemaFile('routes.manifest.json')), 'APPLICATION_FORM').form;
  return pagesOf(schemaFile(`${form}.ui.json`), schemaFile(`${form}.schema.json`))[0].id;
})();

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
    ['my applications', () => PATHS.applicationsList, 'applications'],
    ['the profile', () => PATHS.profile, 'render-once@example.com'],
    ['the applicants', () => PATHS.manageApplicants, 'Okonkwo'],
    ['confirming the applicants', () => PATHS.confirmApplicant, 'Okonkwo'],
    ['the task list', () => PATHS.applicationForm, 'Okonkwo'],
    [
      'a page of the application form',
      () => `${PATHS.applicationForm}?applicantIdentifier=${applicantIdentifier}`,
      'Okonkwo',
    ],
    ['the declarations', () => `${PATHS.declarations}?applicantIdentifier=${applicantIdentifier}`, 'Okonkwo'],
    [
      'the supporting documents',
      () => `${PATHS.supportingDocuments}?applicantIdentifier=${applicantIdentifier}`,
      'Okonkwo',
    ],
    ['the payment', () => PATHS.paymentOverview, undefined],
    ['the receipt of an application not yet submitted', () => PATHS.applicationSubmitted, undefined],
    ['an ETA not yet decided', () => `${PATHS.viewEta}?applicantIdentifier=${applicantIdentifier}`, undefined],
    ['a public page', () => PATHS.faq, undefined],
    ['the e-mail confirmation page, with its form to send the link again', () => PATHS.verifyEmail, undefined],
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
    const answer = await get(`${PATHS.applicationForm}/${firstPage}?applicantIdentifier=${applicantIdentifier}`);
    expect(answer.statusCode).toBe(200);
    expect(rendersOf(answer.headers['server-timing'] as string)).toBe(1);
    const keys = (dataOf(answer.body).queries?.queries ?? []).map((query) => JSON.stringify(query.queryKey));
    expect(keys.filter((key) => key.includes(applicantIdentifier))).toHaveLength(1);
  }, 60_000);

  it('reads the profile once for a signed-in page, and shows it from that reading', async () => {
    const inject = vi.spyOn(pages.app, 'inject');
    try {
      const answer = await get(PATHS.profile);
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
    const started = await get(`${PATHS.captureBiometrics}?applicantIdentifier=${applicantIdentifier}`);
    expect(started.statusCode).toBe(302);
    const page = await get(String(started.headers.location));
    expect(page.statusCode).toBe(200);
    expect(rendersOf(page.headers['server-timing'] as string)).toBe(1);
  }, 60_000);
});
