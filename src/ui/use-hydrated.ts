import { useSyncExternalStore } from 'react';

// Nothing changes once the page's scripts run: the store only tells the server (and the hydration render) apart.
const subscribe = () => () => {};
const inBrowser = () => true;
const ahead = () => false;

/**
 * Whether the page's scripts have taken it over. False on the server and in the render that hydrates a page
 * rendered ahead (so that render matches the server's HTML), true from the next render on; true at once for a
 * page the browser renders itself (React's pattern for content that differs between server and browser).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, inBrowser, ahead);
}
