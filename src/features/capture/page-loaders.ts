import type { LoaderFunctionArgs } from 'react-router-dom';
import { captureSessionQuery } from '@/api/capture';
import { prefetchQueries, scopeOf } from '@/api/request-scope';

/** A page of a photo session (?sessionIdentifier=): the session's state. */
export async function captureSessionLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const sessionIdentifier = new URL(request.url).searchParams.get('sessionIdentifier')?.trim();
  if (sessionIdentifier) await prefetchQueries(context, captureSessionQuery(sessionIdentifier, scopeOf(context)));
  return null;
}
