import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isLoggedIn } from '@/api/auth/tokens';
import { getRouterContext } from '@/api/router-context';
import { scopeOf, type RequestScope } from '@/api/request-scope';
import { safeReturnPath, SESSION_ENDED_REASON, SIGN_IN_REASON_PARAM } from '@/api/safe-redirect';
import { decideContext, decideGuard, LOGIN_PATH, RETURN_PARAM } from './guards';
import type { Guard, RouterContextRequirement } from './manifest';

/** What a route's guard needs to know of its manifest entry. */
export interface GuardedRoute {
  guard: Guard;
  requiresContext?: RouterContextRequirement;
}

/**
 * Where a redirect asked for by a guard goes: the path, where to return to as `?from=`, and, on the sign-in page of a
 * visitor whose session has just run out (the server knows it from its cookies), `?reason=session-ended`.
 */
function guardTarget(to: string, from: string | undefined, scope: RequestScope | undefined): string {
  const query = new URLSearchParams();
  if (from) query.set(RETURN_PARAM, from);
  if (to === LOGIN_PATH && scope?.sessionEnded) query.set(SIGN_IN_REASON_PARAM, SESSION_ENDED_REASON);
  const search = query.toString();
  return search ? `${to}?${search}` : to;
}

/**
 * The loader that applies a route's guard before anything of the page runs, on the server (the visitor is sent on
 * with an HTTP redirect, not after the page's scripts have run) and on each navigation in the browser: `auth` sends
 * a visitor without a session to /login, remembering the page in `?from=`; `guest` sends a signed-in one on to where
 * sign-in was asked from, or the profile; a route needing a router-context entry goes to the profile without it.
 */
export function guardLoader(route: GuardedRoute) {
  return ({ request, context }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // On the server, the request's session and router context; in the browser (no scope), this browser's.
    const scope = scopeOf(context);
    const decision =
      decideGuard(route.guard, isLoggedIn(scope), {
        pathname: url.pathname,
        search: url.search,
        hash: '',
        state: { from: safeReturnPath({ from: url.searchParams.get(RETURN_PARAM) ?? undefined }) },
      }) ?? decideContext(route.requiresContext, getRouterContext(scope));
    if (decision) throw redirect(guardTarget(decision.to, decision.state?.from, scope));
    return null;
  };
}
