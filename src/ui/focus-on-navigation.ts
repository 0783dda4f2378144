import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long after a navigation focus keeps following the page's h1 while the page settles. */
export const SETTLE_MS = 10_000;

/**
 * Puts focus on the page's h1 (or on `container` when it has none yet), unless the page has already put it on
 * something of its own (the message saying what an action did) or a dialog open over the page holds it, then keeps it there while the page settles:
 * a page that shows a loading state first replaces its h1 when its data arrives, and the focused heading goes with
 * it, which would leave focus on the page itself. Focus follows to the new h1 only while it is lost or still where
 * this put it, and never once the user has pressed a key or a pointer, or after `settleMs`. Answers the cleanup.
 */
export function focusPageHeading(container: HTMLElement, settleMs = SETTLE_MS): () => void {
  const doc = container.ownerDocument;
  let placed: HTMLElement | null = null;
  const focusHeading = () => {
    const heading = container.querySelector<HTMLElement>('h1');
    if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    placed = heading ?? container;
    placed.focus();
  };
  const active = doc.activeElement;
  const pageChose = active !== null && active !== container && container.contains(active);
  // A dialog open over the page keeps focus; it gives it back to what the page focused when it closes.
  const inDialog = active?.closest('[role="dialog"], [role="alertdialog"]') != null;
  if (!pageChose && !inDialog) focusHeading();
  const observer = new MutationObserver(() => {
    const active = doc.activeElement;
    const lost = !active || active === doc.body || active === doc.documentElement || !active.isConnected;
    const heading = container.querySelector('h1');
    if ((lost || active === placed) && heading && heading !== active) focusHeading();
  });
  // A heading that cannot take focus yet (in a part React still hides while it loads) gets it once it is shown.
  observer.observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'hidden'],
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    doc.removeEventListener('keydown', stop, true);
    doc.removeEventListener('pointerdown', stop, true);
  };
  const timer = setTimeout(stop, settleMs);
  doc.addEventListener('keydown', stop, true);
  doc.addEventListener('pointerdown', stop, true);
  return stop;
}

/**
 * After client-side navigation, moves focus to the page's h1 (or main) so screen readers start there. A change of
 * the query is a navigation too: some pages show different views at one path (the steps of an application and an
 * applicant's form, the list of applicants and the form that adds one).
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  const previous = useRef(address);
  useEffect(() => {
    // The first page of a visit keeps the browser's own focus (the top of the document).
    if (previous.current === address) return undefined;
    previous.current = address;
    let stop: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      if (main.current) stop = focusPageHeading(main.current);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop?.();
    };
  }, [address, main]);
}
