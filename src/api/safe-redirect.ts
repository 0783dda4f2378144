import manifestJson from '@schemas/routes.manifest.json';
import { isRouteAddress, type AddressedRoute } from '@/shared/manifest-routes';

/** An origin no address of the portal has, against which a return path is resolved as a browser would. */
const PORTAL = 'https://portal.invalid';

/**
 * Characters never in a return path: controls, spaces and the line and paragraph separators (a browser drops a tab or
 * a new line from an address, so `/\t/evil.example` would become `//evil.example`), and the backslash, which browsers
 * read as a slash.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u2028\u2029\\]/;

/**
 * The in-app path remembered in router state `from` (where to return after signing in), if it is a safe one: an
 * address of a page of the portal, given as a path. It is resolved against the portal's own origin as the URL
 * parsers of browsers and Node resolve it, and kept only when it stays on that origin and names a route of the
 * manifest; control and space characters refuse it outright. What is kept is the path as resolved, so what the
 * browser is sent to is what was judged.
 */
export function safeReturnPath(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || UNSAFE.test(from)) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(from, PORTAL);
  } catch {
    return undefined;
  }
  if (url.origin !== PORTAL || !isRouteAddress(manifestJson.routes as readonly AddressedRoute[], url.pathname)) {
    return undefined;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The query parameter naming where to return after signing in (a redirect of the server cannot carry router state). */
export const RETURN_PARAM = 'from';

/** The path a query's `?from=` names, when it is a safe one (see safeReturnPath). */
export function returnParamOf(search: string): string | undefined {
  return safeReturnPath({ from: new URLSearchParams(search).get(RETURN_PARAM) ?? undefined });
}

/** The query parameter saying why the sign-in page was sent to (`?reason=session-ended`). */
export const SIGN_IN_REASON_PARAM = 'reason';
/** The visitor's session ran out: the sign-in page says so. */
export const SESSION_ENDED_REASON = 'session-ended';

/** Whether the sign-in page's query says the visitor's session ran out. */
export function sessionEndedParam(search: string): boolean {
  return new URLSearchParams(search).get(SIGN_IN_REASON_PARAM) === SESSION_ENDED_REASON;
}
