/**
 * What the server sends with a page it rendered, for the browser to take the page over without asking again: the
 * language it was rendered in, the token forms carry, React Router's data (what the route's loader and, after a
 * posted form, its action answered) and the react-query cache the page was rendered from. The server writes it as a
 * JSON data block (never executed, so `script-src 'self'` holds); the browser reads it once, in boot.tsx.
 */
import type { DehydratedState } from '@tanstack/react-query';
import { isRouteErrorResponse, type HydrationState } from 'react-router-dom';

import { PAGE_DATA_ID } from '@/shared/rendered-page';
import type { RouterContext } from '@/shared/router-context-cookie';

/** An error of a route, in a form JSON carries. */
export type SerializedRouteError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown }
  | { __type: 'Error'; message: string };

export interface PageData {
  language: string;
  /** Signed in: the language the profile held as the page was rendered, which the browser need not ask for again. */
  profileLanguage?: string;
  csrfToken: string;
  /**
   * The router context the page was rendered with (the browser takes the page over with it, then goes on with its
   * own local storage): what the server knew of the application worked on and the e-mail handed on.
   */
  routerContext?: RouterContext;
  /** The forms the page shows: the browser loads them before taking the page over. */
  forms: string[];
  router: {
    loaderData: HydrationState['loaderData'];
    actionData: HydrationState['actionData'];
    errors: Record<string, SerializedRouteError> | null;
  };
  queries: DehydratedState;
  /** The lists of countries the page was rendered with, by list and language (see src/engine/countries.ts). */
  countries?: Record<string, { code: string; name: string; callingCode?: string }[]>;
}

/** The route errors of a static handler's answer, as JSON can carry them. */
export function serializeRouteErrors(
  errors: Record<string, unknown> | null | undefined,
): Record<string, SerializedRouteError> | null {
  if (!errors) return null;
  const out: Record<string, SerializedRouteError> = {};
  for (const [id, error] of Object.entries(errors)) {
    out[id] = isRouteErrorResponse(error)
      ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data }
      : { __type: 'Error', message: error instanceof Error ? error.message : String(error) };
  }
  return out;
}

/** React Router's hydration state from the page's data. */
export function routerHydrationState(data: PageData): HydrationState {
  let errors: Record<string, unknown> | null = null;
  if (data.router.errors) {
    errors = {};
    for (const [id, error] of Object.entries(data.router.errors)) {
      errors[id] =
        error.__type === 'Error'
          ? new Error(error.message)
          : // The shape React Router's own hydration gives a route error answer (see isRouteErrorResponse).
            { status: error.status, statusText: error.statusText, data: error.data, internal: false };
    }
  }
  return { loaderData: data.router.loaderData, actionData: data.router.actionData, errors };
}

let read: PageData | null | undefined;

/** The data the server sent with this page, or null for a page it did not render (Vite's development server). */
export function pageData(): PageData | null {
  if (read === undefined) {
    const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
    try {
      read = block?.textContent ? (JSON.parse(block.textContent) as PageData) : null;
    } catch {
      read = null;
    }
  }
  return read;
}
