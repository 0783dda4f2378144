import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '@/routing/lazy-with-timeout';
import { ChunkErrorPage } from './chunk-error-page';
import { ErrorPage } from './error-page';

/** A route's errorElement: the chunk-error page when a page's code failed to load, else the generic error page. */
export function RouteErrorElement() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkErrorPage error={error} />;
  return <ErrorPage />;
}

export default RouteErrorElement;
