/**
 * The in-app path remembered in router state `from` (where to return after signing in), if it is a safe one:
 * it must start with a single '/', so that neither a full URL nor a protocol-relative ('//host') or
 * backslash ('/\host', which browsers read as '//host') address can send the user to another site.
 */
export function safeReturnPath(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return undefined;
  }
  return from;
}

/** The query parameter naming where to return after signing in (a redirect of the server cannot carry router state). */
export const RETURN_PARAM = 'from';

/** The path a query's `?from=` names, when it is a safe one (see safeReturnPath). */
export function returnParamOf(search: string): string | undefined {
  return safeReturnPath({ from: new URLSearchParams(search).get(RETURN_PARAM) ?? undefined });
}
