/**
 * The portal's entry: loads the app (src/app/boot.tsx) and starts it. A page the server rendered is complete without
 * scripts, so the app, and the modules of the page's route the server names (ROUTE_MODULES_ID), are asked for only
 * after the page's first paint: on a slow connection the page's styles and fonts then do not share the bandwidth with
 * scripts that only make it interactive, and the page shows whole in its first paint.
 */
// The portal's fonts and base styles, in the stylesheet index.html names, so they come with the first paint.
// Poppins 400/500/600, self-hosted from @fontsource/poppins (never a font CDN). Each weight's file declares its
// subsets with a unicode-range, so a page downloads only the subsets its characters need (latin, as a rule).
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@/app/shell/base.css';
import { showBootError } from '@/app/boot-error';
import { ROUTE_MODULES_ID } from '@/shared/rendered-page';
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

/** How long one task may spend asking for modules before it gives the browser its turn. */
const PRELOAD_SLICE_MS = 8;

/**
 * Asks for the modules of the page's route, as the server names them in the page. Chromium takes a module it already
 * holds at once, compiling it in the task that asks: the links are added in slices of a few milliseconds, each in a
 * task of its own, so that asking for some sixty modules is not one long task on a slow phone.
 */
async function preloadRouteModules(): Promise<void> {
  let modules: unknown;
  try {
    modules = JSON.parse(document.getElementById(ROUTE_MODULES_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(modules)) return;
  let sliceStart = performance.now();
  for (const href of modules) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    if (performance.now() - sliceStart > PRELOAD_SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
}

const renderedAhead = document.getElementById('root')?.hasAttribute('data-rendered') ?? false;

(renderedAhead ? afterFirstPaint() : Promise.resolve())
  .then(preloadRouteModules)
  // React DOM, the app's largest library, is evaluated first, in a task of its own, so that no single task evaluates
  // the whole app (a long task on a slow phone); the app's chunk then finds it ready. (React DOM's client is kept
  // whole either way; a library imported here whole that the app uses only in part would grow the app.)
  .then(() => import('react-dom/client'))
  .then(nextTask)
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
