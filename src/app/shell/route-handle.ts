import type { UIMatch } from 'react-router-dom';

/** Static data of a route, set by the router from the manifest. */
export interface RouteHandle {
  hideHeaderFooter?: boolean;
  /** i18n key "ns:key" of the page title. */
  titleKey?: string;
  showCloseApplication?: boolean;
}

function isHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** Merges the handles of the matched routes, the deepest route winning for each field it sets. */
export function effectiveHandle(matches: readonly UIMatch[]): RouteHandle {
  const merged: RouteHandle = {};
  for (const match of matches) {
    if (!isHandle(match.handle)) continue;
    const { hideHeaderFooter, titleKey, showCloseApplication } = match.handle;
    if (hideHeaderFooter !== undefined) merged.hideHeaderFooter = hideHeaderFooter;
    if (titleKey !== undefined) merged.titleKey = titleKey;
    if (showCloseApplication !== undefined) merged.showCloseApplication = showCloseApplication;
  }
  return merged;
}
