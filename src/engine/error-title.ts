import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a form on the page is showing errors, so the page title can start with 'Error: ' (GOV.UK). The layout
 * owns document.title and composes it from this flag, so the prefix survives a language change or a re-render.
 */
let showing = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Whether any mounted form currently shows an error summary. */
export function formErrorsShowing(): boolean {
  return showing > 0;
}

/** Subscribes to changes of `formErrorsShowing()`; returns the unsubscribe function. */
export function subscribeFormErrors(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** React hook: re-renders when a form starts or stops showing errors. */
export function useFormErrorsShowing(): boolean {
  return useSyncExternalStore(subscribeFormErrors, formErrorsShowing, formErrorsShowing);
}

/** Marks this form as showing errors while `active` (used by SchemaForm). */
export function useReportFormErrors(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    showing += 1;
    notify();
    return () => {
      showing -= 1;
      notify();
    };
  }, [active]);
}
