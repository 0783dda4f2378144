import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { markSessionEnded } from '@/api/profile-session';
import { startRefreshScheduler } from '@/api/auth/refresh-scheduler';
import { loadSettings } from '@/api/settings';
import { initI18n } from '@/app/i18n';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { LOGIN_PATH } from '@/routing/guards';
import { flattenRoutes } from '@/routing/manifest';
import { routeNamespaces } from '@/shared/route-namespaces';
import { clearRouterContextOnSignOut } from '@/api/router-context';

/** The texts the first route needs before it shows (the server preloads the same chunks). */
function firstRouteNamespaces(): string[] {
  const pathname = window.location.pathname.replace(/(.)\/+$/, '$1');
  return routeNamespaces(flattenRoutes().find((r) => r.fullPath === pathname)?.route);
}

/** Un-hides the static message of index.html, so a failed start never leaves a blank page. */
function showBootError(): void {
  document.getElementById('boot-error')?.removeAttribute('hidden');
}

async function boot(): Promise<void> {
  try {
    await loadSettings();
  } catch (error) {
    // A failed settings load is logged and the app does not render.
    console.error('The portal did not start: runtime settings (GET /envs) could not be loaded.', error);
    showBootError();
    return;
  }
  await initI18n(firstRouteNamespaces());

  const queryClient = createQueryClient();
  const router = createAppRouter();
  clearRouterContextOnSignOut();
  startRefreshScheduler({
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

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

boot().catch((error: unknown) => {
  console.error('The portal did not start.', error);
  showBootError();
});
