import { lazy, type ComponentType } from 'react';
import type { IDLE_MODULES } from '@/shared/rendered-page';

/** Something loaded on demand. */
export interface Preloadable {
  /** Starts loading (once); resolves when the component can render without suspending. */
  preload(): Promise<void>;
  /** Whether it renders without suspending. */
  isLoaded(): boolean;
  /** Its name among the modules a page fetches once idle (IDLE_MODULES), when it is one of them. */
  idle?: keyof typeof IDLE_MODULES;
}

/** A component in a chunk of its own: rendered as soon as it is loaded, suspending until then. */
export interface LazyComponent<P> extends Preloadable {
  Component: ComponentType<P>;
}

/**
 * Wraps a component loaded only when it is needed (a heavy widget, a dialog). Its users preload it before it shows
 * (the form loader, the ones a form names; the shell, its dialogs once the page is idle), so the user never sees it
 * suspend; one whose preloading was missed still renders, after a short suspension.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { idle?: keyof typeof IDLE_MODULES } = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
    }));
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function Lazy(props: P) {
    const Loaded = loaded ?? Suspending;
    return <Loaded {...props} />;
  }
  return { Component: Lazy, preload, isLoaded: () => loaded !== undefined, idle: options.idle };
}
