import { useSyncExternalStore } from 'react';

/** Requests started with `loading: true` that have not finished yet; the overlay shows while this is above 0. */
let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Counts one more pending request and returns the function that ends it (safe to call more than once). */
export function beginLoading(): () => void {
  pending += 1;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    notify();
  };
}

/** Current number of pending requests that asked for the loading indicator. */
export function getLoadingCount(): number {
  return pending;
}

/** Calls `listener` whenever the pending count changes; returns the unsubscribe function. */
export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** React hook: the pending-request count, re-rendering on every change. */
export function useLoadingCount(): number {
  // A page rendered on the server (and its hydration) shows no request under way: the count is the browser's own.
  return useSyncExternalStore(subscribeLoading, getLoadingCount, () => 0);
}
