import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MODULES, IDLE_MODULES_ID, IDLE_TEXTS } from '@/shared/rendered-page';
import { idleModules, preloadIdleModules, preloadWhenIdle, resetIdleModules } from './idle-modules';
import { lazyComponent } from './lazy-component';

const ROOT = join(import.meta.dirname, '..', '..');

function pageNames(block: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = IDLE_MODULES_ID;
  script.textContent = block;
  document.body.append(script);
}

const preloadLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

afterEach(() => {
  document.getElementById(IDLE_MODULES_ID)?.remove();
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((l) => l.remove());
  resetIdleModules();
  vi.unstubAllGlobals();
});

/** requestIdleCallback that runs its task at once. */
function idleAtOnce() {
  vi.stubGlobal('requestIdleCallback', (task: () => void) => {
    task();
    return 1;
  });
}

describe('modules fetched once the page is idle', () => {
  it('asks for the modules the page names, each once, without running the component', () => {
    idleAtOnce();
    pageNames(JSON.stringify({ siteMenuDrawer: ['/assets/motion-1.js', '/assets/drawer-2.js'] }));
    const load = vi.fn(async () => () => null);
    const drawer = lazyComponent(load, { idle: 'siteMenuDrawer' });
    preloadWhenIdle(drawer);
    preloadWhenIdle(drawer);
    expect(preloadLinks()).toEqual(['/assets/motion-1.js', '/assets/drawer-2.js']);
    expect(load).not.toHaveBeenCalled();
    expect(drawer.isLoaded()).toBe(false);
  });

  it('loads the component where the page names nothing for it (the development server)', async () => {
    idleAtOnce();
    const load = vi.fn(async () => () => null);
    const dialog = lazyComponent(load, { idle: 'errorDialogView' });
    preloadWhenIdle(dialog);
    await vi.waitFor(() => expect(dialog.isLoaded()).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloadLinks()).toEqual([]);
  });

  it('tells the texts apart from a page that names none, and ignores a block that is not JSON', () => {
    pageNames('{not json');
    expect(idleModules(IDLE_TEXTS)).toBeUndefined();
    expect(preloadIdleModules(IDLE_TEXTS)).toBe(false);
    resetIdleModules();
    document.getElementById(IDLE_MODULES_ID)?.remove();
    pageNames(JSON.stringify({ [IDLE_TEXTS]: ['/assets/applications-1.js', 7] }));
    expect(idleModules(IDLE_TEXTS)).toEqual(['/assets/applications-1.js']);
    expect(preloadIdleModules(IDLE_TEXTS)).toBe(true);
    expect(preloadLinks()).toEqual(['/assets/applications-1.js']);
  });

  it('names each idle module after the source its lazy component imports', () => {
    // Every `lazyComponent(async () => (await import('./x'))…, { idle: 'name' })` of the source tree.
    const declared = new Map<string, string>();
    const declaration = /lazyComponent\(\s*async \(\) => \(await import\('\.\/([\w-]+)'\)\)[^;]*?idle: '(\w+)'/g;
    for (const file of readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const dir = `src/${dirname(file)}`;
      for (const [, module, name] of readFileSync(join(ROOT, 'src', file), 'utf8').matchAll(declaration)) {
        declared.set(name, `${dir}/${module}`);
      }
    }
    expect(Object.fromEntries(declared)).toEqual(IDLE_MODULES);
  });
});
