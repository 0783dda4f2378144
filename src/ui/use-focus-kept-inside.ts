import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The first control in `container`, past the sentinels Fluent's focus trap adds at its edges. */
function firstControl(container: HTMLElement): HTMLElement {
  const controls = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  return controls.find((control) => !control.hasAttribute('data-tabster-dummy')) ?? container;
}

/**
 * Keeps focus inside a modal dialog while it is open. The page behind may move focus on its own after the dialog
 * opened (a form that moved on to its next page focuses that page's heading); Fluent then treats the dialog as
 * left and hides it from assistive technology while it is still on screen. Focus goes back into the dialog, and
 * the element that asked for it (else the one focused when the dialog opened) gets it when the dialog closes.
 */
export function useFocusKeptInside(open: boolean, container: RefObject<HTMLElement | null>): void {
  const returnTo = useRef<HTMLElement | null>(null);
  // A layout effect: it notes the focused element before the dialog's own effect focuses its first button.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const doc = container.current?.ownerDocument ?? document;
    returnTo.current = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    const onFocusIn = (event: FocusEvent) => {
      const inside = container.current;
      const target = event.target;
      if (!inside || !(target instanceof HTMLElement) || inside.contains(target)) return;
      // Another dialog opened over this one keeps its focus.
      if (target.closest('[role="dialog"], [role="alertdialog"]')) return;
      returnTo.current = target;
      firstControl(inside).focus();
    };
    doc.addEventListener('focusin', onFocusIn, true);
    return () => doc.removeEventListener('focusin', onFocusIn, true);
  }, [open, container]);
  // Focus is given back once the closing render is committed: React puts back the focus it found before a
  // commit, so a focus moved during the commit would be undone.
  useEffect(() => {
    if (!open) return undefined;
    return () => {
      const target = returnTo.current;
      returnTo.current = null;
      if (target?.isConnected) target.focus();
    };
  }, [open]);
}
