import { nextTask } from './when-idle';

/** How long one task may spend asking for modules before it gives the browser its turn. */
const PRELOAD_SLICE_MS = 4;

/** The modules asked for already (by this page's scripts). */
const asked = new Set<string>();

/**
 * Asks for modules all at once (`<link rel="modulepreload">`), so that they download side by side; each is fetched and
 * held, not run, until it is imported. Chromium takes a module it already holds at once, compiling it in the task that
 * asks: the links are added in slices of a few milliseconds, each in a task of its own, so that asking for some sixty
 * modules is not one long task on a slow phone. A module asked for before is not asked for again.
 */
export async function preloadModules(hrefs: readonly string[]): Promise<void> {
  let sliceStart = performance.now();
  for (const href of hrefs) {
    if (asked.has(href)) continue;
    asked.add(href);
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
