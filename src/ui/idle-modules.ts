import { IDLE_MODULES_ID, type IdleModule } from '@/shared/rendered-page';
import type { Preloadable } from './lazy-component';
import { preloadModules } from './module-preload';
import { whenIdle } from './when-idle';

let named: Partial<Record<IdleModule, string[]>> | null | undefined;

/** The modules the page names for `name` (IDLE_MODULES_ID), or undefined when it names none (Vite's dev server). */
export function idleModules(name: IdleModule): readonly string[] | undefined {
  if (named === undefined) {
    try {
      const block = document.getElementById(IDLE_MODULES_ID)?.textContent;
      named = block ? (JSON.parse(block) as Partial<Record<IdleModule, string[]>>) : null;
    } catch {
      named = null;
    }
  }
  const hrefs = named?.[name];
  return Array.isArray(hrefs) ? hrefs.filter((href): href is string => typeof href === 'string') : undefined;
}

/**
 * Fetches the modules the page names for `name`, without running them (see IDLE_MODULES_ID). False when the page
 * names none, for the caller to load them another way.
 */
export function preloadIdleModules(name: IdleModule): boolean {
  const hrefs = idleModules(name);
  if (!hrefs) return false;
  void preloadModules(hrefs);
  return true;
}

/**
 * Once the browser is idle after the first paint, makes a lazy component ready to show at once when needed, even if the
 * connection has dropped by then: its modules fetched and held, as the page names them (its `idle` name), or else
 * loaded. A failure is left for the moment it is needed, which reports it.
 */
export function preloadWhenIdle(component: Preloadable): void {
  whenIdle(() => {
    if (component.idle && preloadIdleModules(component.idle)) return;
    component.preload().catch(() => undefined);
  });
}

/** Forgets the page's list (tests). */
export function resetIdleModules(): void {
  named = undefined;
}
