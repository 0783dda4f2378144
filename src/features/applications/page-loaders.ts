import type { LoaderFunctionArgs } from 'react-router-dom';
import { applicantsQuery, applicationQuery, applicationsQuery, clientSettingsQuery } from '@/api/applications';
import { prefetchQueries, scopeOf } from '@/api/request-scope';

/** My applications: the list. */
export async function applicationsListLoader({ context }: LoaderFunctionArgs): Promise<null> {
  await prefetchQueries(context, applicationsQuery(scopeOf(context)));
  return null;
}

/**
 * The applicants of the application in the router context (their list, adding, changing, confirming): the
 * application, its applicants and how many it may have.
 */
export async function applicantsLoader({ context }: LoaderFunctionArgs): Promise<null> {
  const scope = scopeOf(context);
  const applicationIdentifier = scope?.routerContext.applicationIdentifier;
  if (!applicationIdentifier) return null;
  await prefetchQueries(
    context,
    applicationQuery(applicationIdentifier, scope),
    applicantsQuery(applicationIdentifier, scope),
    clientSettingsQuery(scope),
  );
  return null;
}
