/**
 * The portal's entry: loads the app (src/app/boot.tsx) and starts it. A page the server rendered is complete without
 * scripts, so the app, and the modules of the page's route the server names (ROUTE_MODULES_ID), are asked for only
 * after the page's first paint: on a slow connection the page's styles and fonts then do not share the bandwidth with
 * scripts that only make it interactive, and the page shows whole in its first paint.
 */
// The portal's fonts and base styles, in the stylesheet index.html names, so they come with the first paint.
// Poppins 400/500/600, self-hosted from @fontsource/poppins (never a font CDN). Each weight's file declares its
// subsets with a unicode-range, so a page downloads only the subsets its characters need (latin, as a rule); the build
// makes them `font-display: optional` (tools/build/font-display-plugin.ts).
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@/app/shell/base.css';
import { showBootError } from '@/app/boot-error';
import { ROUTE_MODULES_ID } from '@/shared/rendered-page';
import { preloadModules } from '@/ui/module-preload';
import { nextTask } from '@/ui/when-idle';

/**
 * Resolves once the browser has shown the page: its first contentful paint, as the Paint Timing API reports it (at
 * once if it has happened already). A hidden tab paints nothing, and a browser without the API reports nothing:
 * they go on at once, or after a second at the latest.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, 1000);
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** The modules of the page's route, as the server names them in the page: each after every module it imports. */
function routeModules(): string[] {
  try {
    const modules: unknown = JSON.parse(document.getElementById(ROUTE_MODULES_ID)?.textContent ?? '[]');
    return Array.isArray(modules) ? modules.filter((href): href is string => typeof href === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Evaluates the route's modules one at a time, each in a task of its own. Importing the app evaluates every module it
 * imports that has not run yet, in one task: some 60 modules, a long task on a slow phone. Taken in the server's
 * order, each module's imports have run before it, so each task evaluates one module. A module that fails to load is
 * left to the app's own import, which reports it.
 */
async function evaluateRouteModules(modules: readonly string[]): Promise<void> {
  for (const href of modules) {
    try {
      await import(/* @vite-ignore */ href);
    } catch {
      return;
    }
    await nextTask();
  }
}

const renderedAhead = document.getElementById('root')?.hasAttribute('data-rendered') ?? false;

const modules = routeModules();

(renderedAhead ? afterFirstPaint() : Promise.resolve())
  .then(() => preloadModules(modules))
  .then(() => evaluateRouteModules(modules))
  .then(() => import('@/app/boot'))
  // The app's modules are evaluated in the task that brings them; the start runs in the next one.
  .then(async ({ boot }) => {
    await nextTask();
    await boot();
  })
  .catch((error: unknown) => {
    console.error('The portal did not start.', error);
    showBootError();
  });
