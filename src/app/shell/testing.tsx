import { FluentProvider } from '@fluentui/react-components';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { initI18n } from '@/app/i18n';
import { etaTheme } from '@/app/theme';
import { sessionTimeoutDialog } from '@/features/session-timeout/session-timeout-warning';
import { closeApplicationDialog } from './close-application-button';
import { errorDialogView } from './error-dialog';
import { siteMenuDrawer } from './header';
import { SettingsContext, settingsOf, type Settings } from '@/api/settings';

// Role queries over Fluent's markup are slow in jsdom on a busy machine; allow more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

/** Starts i18n in English for a test file. */
export async function startEnglish(): Promise<void> {
  localStorage.setItem('eta.language', 'en');
  // The shell's dialogs and drawer load on demand in the portal (preloaded once it is idle); tests open them at once.
  await Promise.all([
    initI18n(),
    errorDialogView.preload(),
    closeApplicationDialog.preload(),
    siteMenuDrawer.preload(),
    sessionTimeoutDialog.preload(),
  ]);
}

/**
 * Renders routes in a memory data router inside the portal theme, given `settings` (the defaults by default); returns
 * the router for navigation checks.
 */
export function renderRoutes(routes: RouteObject[], initialPath = '/', settings: Settings = settingsOf([])) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <SettingsContext value={settings}>
      <FluentProvider theme={etaTheme()}>
        <RouterProvider router={router} />
      </FluentProvider>
    </SettingsContext>,
  );
  return { router, ...view };
}
