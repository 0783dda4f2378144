import type { LoaderFunctionArgs } from 'react-router-dom';
import { profileQuery } from '@/api/accounts';
import { prefetchQueries, scopeOf } from '@/api/request-scope';

/** The profile page: the signed-in user's profile. */
export async function profileLoader({ context }: LoaderFunctionArgs): Promise<null> {
  await prefetchQueries(context, profileQuery(scopeOf(context)));
  return null;
}
