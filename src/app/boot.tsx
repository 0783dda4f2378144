/**
 * Starts the portal in the browser (loaded by src/main.tsx): runtime settings, texts, the router and the session's
 * refresh, then renders the app, or hydrates the page the server rendered ahead of time.
 */
import { createDOMRenderer, RendererProvider, SSRProvider } from '@fluentui/react-components';
import { startTransition, StrictMode, useCallback, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from '@/app/react-dom-client';
import { RouterProvider } from 'react-router-dom';
import { markSessionEnded } from '@/api/profile-session';
import { setApiBase } from '@/api/request';
import { startRefreshScheduler } from '@/api/auth/refresh-scheduler';
import { initI18n } from '@/app/i18n';
import { loadSettings, readInlineSettings } from '@/app/settings-store';
import type { Settings } from '@/api/settings';
import { AppProviders } from '@/app/providers';
import { etaTheme } from '@/app/theme';
import { createQueryClient, hydrateFromServer, serverDataTakenOver } from '@/app/query-client';
import { pageData, routerHydrationState } from '@/app/page-data';
import { createAppRouter } from '@/app/router';
import { LOGIN_PATH } from '@/routing/guards';
import { flattenRoutes } from '@/routing/manifest';
import { routeNamespaces } from '@/shared/route-namespaces';
import { PageShownContext } from '@/ui/page-shown';
import { RenderedAhead } from '@/ui/rendered-ahead';
import { setPageTakenOver } from '@/ui/page-taken-over';
import { nextTask } from '@/ui/when-idle';
import { showBootError } from './boot-error';
import { adoptRenderedStyles, NOTHING_TO_REHYDRATE } from './rendered-styles';
import { adoptServerRouterContext, clearRouterContextOnSignOut, takeRenderedRouterContext } from '@/api/router-context';
import { startAsRendered } from './rendered-location';

const firstPath = window.location.pathname.replace(/(.)\/+$/, '$1');
// A form's page has an address below its route's (see src/engine/form-address.ts).
const firstRoute = flattenRoutes().find(
  (r) => r.fullPath === firstPath || (r.route.form !== undefined && firstPath.startsWith(`${r.fullPath}/`)),
)?.route;

/** The texts the first route needs before it shows (the server preloads the same chunks). */
function firstRouteNamespaces(): string[] {
  return routeNamespaces(firstRoute);
}

/**
 * Marks #root `data-hydrated` once the app has rendered the page, or taken over the page rendered ahead, the page's
 * own content included (PageShownContext): until then a page rendered ahead shows but does not answer, which is what
 * a browser test waits out after opening one.
 */
function MarkHydrated({ container, children }: { container: HTMLElement; children: ReactNode }) {
  const mark = useCallback(() => {
    setPageTakenOver();
    container.dataset.hydrated = '';
  }, [container]);
  // A wrapper, not a sibling: a sibling would change every useId below it and the page would no longer match.
  return <PageShownContext value={mark}>{children}</PageShownContext>;
}

export async function boot(): Promise<void> {
  let settings: Settings;
  try {
    settings = await loadSettings(fetch, readInlineSettings(document));
  } catch (error) {
    // A failed settings load is logged and the app does not render.
    console.error('The portal did not start: runtime settings (GET /envs) could not be loaded.', error);
    showBootError();
    return;
  }
  setApiBase(settings.API_URL);
  // The page the server rendered, and what it was rendered from; none on Vite's development server.
  const rendered = pageData();
  await initI18n(firstRouteNamespaces(), rendered?.language);
  // Each step of the start runs in a task of its own (see nextTask).
  await nextTask();

  const queryClient = createQueryClient();
  if (rendered) hydrateFromServer(queryClient, rendered.queries);
  if (rendered) {
    takeRenderedRouterContext(rendered.routerContext);
    adoptServerRouterContext();
  }
  // The router starts from the page's history entry as the server saw it (no state, the first key).
  if (rendered) startAsRendered();
  // Building the router ranks every route of the manifest: in a task of its own.
  await nextTask();
  const router = createAppRouter({}, rendered ? routerHydrationState(rendered) : undefined);
  // The data the page was rendered from is current for that page; the next page asks for its own.
  const first = router.state.location;
  const stopWatching = router.subscribe((state) => {
    if (state.location === first) return;
    serverDataTakenOver();
    stopWatching();
  });
  clearRouterContextOnSignOut();
  startRefreshScheduler({
    idleSeconds: settings.SESSION_IDLE_SECONDS,
    onSessionEnded: () => {
      queryClient.clear();
      // The same explanation on /login as after the time-out warning, whatever ended the session.
      markSessionEnded();
      const { pathname, search, hash } = router.state.location;
      if (pathname !== LOGIN_PATH) {
        void router.navigate(LOGIN_PATH, {
          replace: true,
          state: { from: `${pathname}${search}${hash}`, notice: 'sessionExpired' },
        });
      }
    },
  });

  // The styles are taken over in the next task.
  await nextTask();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const app = (
    <AppProviders queryClient={queryClient} formToken={rendered?.csrfToken} settings={settings}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // Griffel's renderer takes over the style elements of the page the server rendered instead of adding them again
  // (see rendered-styles.ts).
  const renderer = createDOMRenderer();
  adoptRenderedStyles(renderer);
  const styled = (content: ReactNode) => (
    <StrictMode>
      <RendererProvider renderer={renderer} targetDocument={NOTHING_TO_REHYDRATE}>
        <MarkHydrated container={container}>{content}</MarkHydrated>
      </RendererProvider>
    </StrictMode>
  );
  if (rendered) {
    // The page shows its forms at once, as it was rendered: their chunks are loaded before hydrating. Loaded only
    // here, so the form engine stays out of the chunks every page runs.
    if (rendered.forms.length > 0) {
      const [{ loadForm }, { seedCountryLists }, { formValidation }] = await Promise.all([
        import('@/engine/form-loader'),
        import('@/engine/countries'),
        import('@/engine/validation/form-validation'),
      ]);
      // The lists of countries as the server named them: the browser's own names may differ.
      seedCountryLists(rendered.countries);
      const forms = await Promise.all(rendered.forms.map((id) => loadForm(id).catch(() => undefined)));
      // Each form's flow model (its pages, conditions and validator, built once per form) in a task of its own, not in
      // the render that hydrates the form.
      for (const form of forms) {
        if (!form) continue;
        await nextTask();
        formValidation(form);
      }
    }
    await nextTask();
    // The theme too, which the first component hydrated needs (src/app/theme.ts).
    etaTheme();
    await nextTask();
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
    // for the whole page, so the page already shown answers a tap while it hydrates.
    startTransition(() => {
      hydrateRoot(
        container,
        styled(
          <SSRProvider>
            <RenderedAhead>{app}</RenderedAhead>
          </SSRProvider>,
        ),
      );
    });
  } else {
    // As a transition too: the first render of a page is long work (a form most of all), which React then does in
    // slices, between which the browser stays responsive.
    setPageTakenOver();
    startTransition(() => {
      createRoot(container).render(styled(app));
    });
  }
}
