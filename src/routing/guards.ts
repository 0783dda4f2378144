import type { Guard, RouterContextRequirement } from './manifest';
import type { RouterContext } from '@/api/router-context';
import { RETURN_PARAM, safeReturnPath } from '@/api/safe-redirect';

export { RETURN_PARAM };
import { PATHS } from '@/shared/route-paths';

export const LOGIN_PATH = PATHS.login;
export const PROFILE_PATH = PATHS.profile;

/** Router state given to /login by the auth guard: where to return after signing in. */
export interface FromState {
  from: string;
}

/** Where to go instead of the requested route; null = render it. */
export type GuardDecision = { to: string; state?: FromState } | null;

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
  state?: unknown;
}

/** The in-app path remembered in router state `from`, if it is a safe one (one helper, shared with the login page). */
export const fromOf = safeReturnPath;

/**
 * Applies a route's guard: `auth` sends a logged-out user to /login remembering the location in `from`;
 * `guest` sends a logged-in user back to where the login was asked from, or to /profile.
 */
export function decideGuard(guard: Guard, loggedIn: boolean, location: LocationLike): GuardDecision {
  if (guard === 'auth' && !loggedIn) {
    return { to: LOGIN_PATH, state: { from: `${location.pathname}${location.search}${location.hash}` } };
  }
  if (guard === 'guest' && loggedIn) {
    return { to: fromOf(location.state) ?? PROFILE_PATH };
  }
  return null;
}

/** A route needing a router-context entry sends the user to /profile without it. */
export function decideContext(
  requirement: RouterContextRequirement | undefined,
  context: RouterContext,
): GuardDecision {
  if (requirement === 'email' && !context.email) return { to: PROFILE_PATH };
  return null;
}
