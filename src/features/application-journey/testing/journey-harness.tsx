import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import applications from '@locales/en/applications.json';
import forms from '@locales/en/forms.json';
import journey from '@locales/en/journey.json';
import validation from '@locales/en/validation.json';
import { FORM_PAGE_PARAM } from '@/engine/form-address';
import StepFormPage from '../step-form-page';

/** An English i18next instance with the namespaces the journey pages and the form engine use. */
export async function journeyI18n(
  extraForms?: Record<string, unknown>,
  extraApplications?: Record<string, unknown>,
): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'journey',
    ns: ['journey', 'applications', 'forms', 'validation'],
    resources: {
      en: { journey, applications: extraApplications ?? applications, forms: extraForms ?? forms, validation },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

// The fetch of Node, kept before tests replace the global one.
const nodeFetch = globalThis.fetch;

export interface Wire {
  /** Calls made: method, path and body. */
  calls: { method: string; url: string; body: unknown }[];
  /** While true, every PUT fails as if the network were down. */
  offline: boolean;
}

/** The API process of testing/api-server.ts: its address, a signed-in token and the applications it prepared. */
export interface JourneyApi {
  url: string;
  token: string;
  applications: { guid: string; first: string; second: string }[];
  stop(): void;
}

/** Starts the reference API in its own process (testing/api-server.ts) and waits for its first line. */
export function startJourneyApi(count = 8): Promise<JourneyApi> {
  // import.meta.url is an http URL under jsdom, so the script is found from the repository root.
  const script = join(process.cwd(), 'src/features/application-journey/testing/api-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n'))
        resolve({ ...(JSON.parse(line) as Omit<JourneyApi, 'stop'>), stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the API process ended with ${code}`)));
  });
}

/**
 * Sends the browser's calls to the API process. The bearer token is added here because the portal's secure auth
 * cookies cannot be set on jsdom's http origin.
 */
export function wireFetch(api: Pick<JourneyApi, 'url' | 'token'>): Wire {
  const wire: Wire = { calls: [], offline: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      wire.calls.push({ method, url: String(url), body });
      if (wire.offline && method === 'PUT') throw new TypeError('Failed to fetch');
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${api.token}`);
      const response = await nodeFetch(`${api.url}${String(url)}`, { method, headers, body: init?.body });
      return new Response(await response.text(), {
        status: response.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return wire;
}

/** One call to the API process as the signed-in user (setting up what a test starts from). */
export async function apiCall<T = Record<string, unknown>>(
  api: Pick<JourneyApi, 'url' | 'token'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await nodeFetch(`${api.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${api.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** Renders the journey pages at `initial` with stand-ins (an h1 naming their path) for the routes they link to. */
export function renderJourney(i18n: I18n, initial: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const elsewhere = [
    '/',
    '/capture/capture-biometrics',
    '/applications/manage-applicants',
    '/applications/create-application',
    '/my-applications',
    '/applications/supporting-documents',
    '/applications/payment-overview',
  ].map((p) => ({ path: p, element: <h1>{`page ${p}`}</h1> }));
  const router = createMemoryRouter(
    [
      // As the portal's router has them: each form page at an address of its own.
      { path: `/applications/application/:${FORM_PAGE_PARAM}?`, element: <StepFormPage formId="application-form" /> },
      { path: `/applications/declarations/:${FORM_PAGE_PARAM}?`, element: <StepFormPage formId="declarations" /> },
      ...elsewhere,
    ],
    { initialEntries: [initial] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </FluentProvider>
    </I18nextProvider>,
  );
  return { router, ...view };
}
