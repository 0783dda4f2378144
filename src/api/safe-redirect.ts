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

/** The query parameter saying why the sign-in page was sent to (`?reason=session-ended`). */
export const SIGN_IN_REASON_PARAM = 'reason';
/** The visitor's session ran out: the sign-in page says so. */
export const SESSION_ENDED_REASON = 'session-ended';

/** Whether the sign-in page's query says the visitor's session ran out. */
export function sessionEndedParam(search: string): boolean {
  return new URLSearchParams(search).get(SIGN_IN_REASON_PARAM) === SESSION_ENDED_REASON;
}
