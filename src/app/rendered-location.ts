/**
 * The page's history entry as the server saw it, for the render that takes a page rendered ahead over.
 *
 * A page reached inside the app keeps, in its history entry, the router's state for it (`usr`: a notice of what has
 * just happened, such as "Your answers for … are saved", a return path, a reset key) and the entry's own key. A reload,
 * or Back to the entry from another site, asks the server for the page again: the server renders it from its address
 * alone (no state, the key "default"), while the router, started from the same entry, would give the browser's first
 * render that state and key. The page would then render differently from the HTML it hydrates (React's error #418),
 * and React would throw the server's HTML away to render the whole page again.
 *
 * So a page loaded anew starts as the server rendered it, as it is without scripts: what its entry carried belonged
 * to the visit that navigated there in the browser. The entry's position (`idx`, which Back and Forward are measured
 * by) and anything else in it stay.
 */
export function startAsRendered(history: History = window.history): void {
  const state: unknown = history.state;
  if (!state || typeof state !== 'object') return;
  const { usr, key, ...rest } = state as Record<string, unknown>;
  if ((usr === undefined || usr === null) && key === undefined) return;
  history.replaceState(rest, '');
}
