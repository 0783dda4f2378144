import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useLoggedIn } from '@/api/auth/tokens';
import { decideContext, decideGuard } from './guards';
import { InvalidLinkPage } from './invalid-link-page';
import type { Guard, QueryParamSpec, RouterContextRequirement } from './manifest';
import { checkQuery } from './query-params';
import { useRouterContext } from '@/api/router-context';

export interface RouteGateProps {
  guard: Guard;
  requiresContext?: RouterContextRequirement;
  query?: Readonly<Record<string, QueryParamSpec>>;
  children: ReactNode;
}

/**
 * Renders a route's content only when its guard, router-context need and query declaration allow it. As a
 * component (not a loader) it re-decides whenever the login state or the router context changes.
 */
export function RouteGate({ guard, requiresContext, query, children }: RouteGateProps) {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  const context = useRouterContext();
  const decision = decideGuard(guard, loggedIn, location) ?? decideContext(requiresContext, context);
  if (decision) return <Navigate to={decision.to} state={decision.state} replace />;
  const problems = checkQuery(query, new URLSearchParams(location.search));
  if (problems.length > 0) return <InvalidLinkPage problems={problems} />;
  return <>{children}</>;
}
