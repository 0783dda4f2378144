import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { captureSessionQuery, startCaptureSession } from '@/api/capture';
import { ApiError } from '@/api/request';
import { prefetchQueries, scopeOf } from '@/api/request-scope';
import { captureBiometricsPath } from './capture-links';

/** Why the photos could not be started on the server. */
export interface CaptureStartLoaderData {
  startFailed: { status: number; error: unknown };
}

/**
 * The photo step opened from the server without a session: the session is started here, as the page's scripts do
 * when it opens, and the page is sent to its address with the session (a reload follows the same session). In the
 * browser the page starts it by itself. Opened with its session, the session's state is fetched for the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<CaptureStartLoaderData | null> {
  const scope = scopeOf(context);
  const params = new URL(request.url).searchParams;
  const applicantIdentifier = params.get('applicantIdentifier')?.trim();
  const applicationIdentifier = scope?.routerContext.applicationIdentifier;
  const sessionIdentifier = params.get('sessionIdentifier')?.trim();
  if (sessionIdentifier) {
    // The session's state, which the page follows, is fetched before the page renders.
    await prefetchQueries(context, captureSessionQuery(sessionIdentifier, scope));
    return null;
  }
  if (!scope || !applicantIdentifier || !applicationIdentifier) return null;
  try {
    const session = await startCaptureSession({ applicationIdentifier, applicantIdentifier }, { scope });
    throw redirect(captureBiometricsPath(session.sessionIdentifier, applicantIdentifier));
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    return { startFailed: { status: failure.status, error: failure.body } };
  }
}
