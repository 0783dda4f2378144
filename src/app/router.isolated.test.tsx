import '@/engine/testing/forms-loaded';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { lazy } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, useMatches, useRouteError } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearTokens, storeTokens } from '@/api/auth/tokens';
import type { ManifestRoute } from '@/routing/manifest';
import { isChunkLoadError } from '@/routing/lazy-with-timeout';
import type { PageComponent, PageProps } from '@/routing/page-registry';
import { clearRouterContext, setRouterContext } from '@/api/router-context';
import { journeySteps } from '@/api/journey';
import { buildRoutes, type BuildRoutesOptions } from './router';

// The shell's components are replaced by minimal ones: these tests are about the route tree.
vi.mock('@/app/shell/root-layout', () => ({
  RootLayout: function Layout() {
    const handles = useMatches().map((match) => match.handle as Record<string, unknown> | undefined);
    const merged = Object.assign({}, ...handles);
    return (
      <div data-testid="layout" data-handle={JSON.stringify(merged)}>
        <Outlet />
      </div>
    );
  },
}));
vi.mock('@/app/shell/not-found-page', () => ({ NotFoundPage: () => <p>not found page</p> }));
vi.mock('@/app/shell/route-error', () => ({
  RouteErrorElement: function RouteError() {
    return <p>{isChunkLoadError(useRouteError()) ? 'chunk error page' : 'error page'}</p>;
  },
}));

const localeFiles = import.meta.glob<Record<string, unknown>>('/locales/en/*.json', { eager: true, import: 'default' });

beforeAll(async () => {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [path, content] of Object.entries(localeFiles))
    resources[path.split('/').at(-1)!.replace('.json', '')] = content;
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: resources }, react: { useSuspense: false } });
});

afterEach(() => {
  clearTokens();
  clearRouterContext();
  vi.restoreAllMocks();
});

function testPage(name: string): PageComponent {
  return lazy(async () => ({
    default: function TestPage({ formId }: PageProps) {
      const location = useLocation();
      // Where to return after signing in: the guard's redirect names it in `?from=`.
      const from =
        new URLSearchParams(location.search).get('from') ?? (location.state as { from?: string } | null)?.from;
      return (
        <p>
          {name} page{formId ? ` form=${formId}` : ''}
          {from ? ` from=${from}` : ''}
        </p>
      );
    },
  }));
}

const pages: Record<string, PageComponent> = {
  home: testPage('home'),
  faq: testPage('faq'),
  login: testPage('login'),
  profile: testPage('profile'),
  'change-password': testPage('change-password'),
  'not-available': testPage('not-available'),
  'step-form': testPage('step-form'),
  broken: lazy(() => Promise.reject(new Error('Loading chunk failed'))),
};

function renderAt(path: string | { pathname: string; state?: unknown }, options: BuildRoutesOptions = {}) {
  const router = createMemoryRouter(buildRoutes({ pages, isSettingOn: () => false, ...options }), {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const signIn = () => storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 3600 });

describe('router built from the manifest', () => {
  it('renders the registered pages inside the root layout', async () => {
    renderAt('/');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.getByTestId('layout')).toBeTruthy();
  });

  it('renders the not-found page for unknown paths', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('not found page')).toBeTruthy();
  });

  it('renders the not-available page for a route whose page is not registered', async () => {
    renderAt('/registration-warning');
    expect(await screen.findByText('not-available page')).toBeTruthy();
  });

  it('gives the page its form id', async () => {
    setRouterContext({ email: 'ada@example.org' });
    signIn();
    renderAt('/profile/change-password');
    expect(await screen.findByText('change-password page form=change-password')).toBeTruthy();
  });

  it('serves a route naming a form step of the journey and no page with the generic step page', async () => {
    const stepForm = journeySteps.find((step) => step.form)!.form!;
    renderAt('/editor-step?applicantIdentifier=a1', {
      routes: [{ path: '/editor-step', form: stepForm, guard: 'public', titleKey: 'common:home.title' }],
    });
    expect(await screen.findByText(`step-form page form=${stepForm}`)).toBeTruthy();
  });

  it('sets the route handle from the manifest', async () => {
    renderAt('/wallet-error');
    await screen.findByText('not-available page');
    expect(JSON.parse(screen.getByTestId('layout').dataset.handle!)).toEqual({
      titleKey: 'common:walletError.title',
      hideHeaderFooter: true,
    });
  });
});

describe('guards', () => {
  it.each([
    '/profile',
    '/my-applications',
    '/applications',
    '/applications/declarations',
    '/capture/capture-biometrics?sessionIdentifier=s',
  ])('sends a logged-out visitor from %s to /login, remembering it', async (path) => {
    const router = renderAt(path);
    expect(await screen.findByText(`login page form=login from=${path}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a logged-in user into the application flow, with the close-application action', async () => {
    signIn();
    renderAt('/applications/supporting-documents');
    expect(await screen.findByText('not-available page')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('layout').dataset.handle!)).toMatchObject({
      titleKey: 'documents:page.title',
      showCloseApplication: true,
    });
  });

  it.each(['/login', '/registration'])('sends a logged-in user from %s to /profile', async (path) => {
    signIn();
    const router = renderAt(path);
    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('returns a user who just signed in on /login to where they were sent from', async () => {
    const router = renderAt({ pathname: '/login', state: { from: '/my-applications' } });
    await screen.findByText('login page form=login from=/my-applications');
    act(() => signIn());
    await screen.findByText('not-available page');
    expect(router.state.location.pathname).toBe('/my-applications');
  });

  it('sends a user to /login as soon as they are signed out on a protected page', async () => {
    signIn();
    const router = renderAt('/profile');
    await screen.findByText('profile page');
    act(() => clearTokens());
    await screen.findByText('login page form=login from=/profile');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects /profile/change-password to /profile without an e-mail in the router context', async () => {
    signIn();
    const router = renderAt('/profile/change-password');
    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
  });
});

describe('query checks', () => {
  it('shows a clear invalid-link page naming what is wrong, with a Home link', async () => {
    renderAt('/capture/image-capture-result?status=maybe&routeFrom=web');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
    expect(
      screen.getByText('“status” has a value that is not allowed. Allowed values: success, failure.'),
    ).toBeTruthy();
    expect(screen.getByText('The link is missing “captureType”.')).toBeTruthy();
    expect(screen.getByText('The link is missing “sessionIdentifier”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home Page' }).getAttribute('href')).toBe('/');
  });

  it('renders the page when the link is complete', async () => {
    renderAt('/capture/image-capture-result?status=success&routeFrom=mobile&captureType=passport&sessionIdentifier=s1');
    expect(await screen.findByText('not-available page')).toBeTruthy();
  });
});

describe('settings and failures', () => {
  const previewRoute: ManifestRoute = {
    path: '/form-preview',
    page: 'faq',
    guard: 'public',
    titleKey: 'common:faq.title',
    enabledBySetting: 'FORM_PREVIEW',
  };

  it('declares a route with enabledBySetting only when the setting is "true"', async () => {
    renderAt('/form-preview', { routes: [previewRoute], isSettingOn: () => false });
    expect(await screen.findByText('not found page')).toBeTruthy();
  });

  it('declares it when the setting is on', async () => {
    renderAt('/form-preview', { routes: [previewRoute], isSettingOn: (key) => key === 'FORM_PREVIEW' });
    expect(await screen.findByText('faq page')).toBeTruthy();
  });

  it('shows the chunk-error page when a page fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/broken', {
      routes: [{ path: '/broken', page: 'broken', guard: 'public', titleKey: 'common:faq.title' }],
    });
    expect(await screen.findByText('chunk error page')).toBeTruthy();
  });
});
