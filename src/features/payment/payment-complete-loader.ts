import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { confirmPayment } from '@/api/payments';
import { scopeOf, setResponseCookie } from '@/api/request-scope';
import { routerContextCookie } from '@/shared/router-context-cookie';
import { PATHS } from '@/shared/route-paths';
import { submittedHref } from './paths';

/** What the return page shows when the server checked the payment and it is neither paid nor refused yet. */
export type PaymentCompleteLoaderData = { pending: true } | { failed: string } | null;

/**
 * Where the payment provider sends the browser back, opened from the server: the payment is checked with the API
 * at once (as the page's scripts do), so a visitor without them is sent on to the confirmation, or back to the
 * payment page with the reason, or shown that the payment is still being settled. In the browser (a link followed
 * with the scripts running) the page checks by itself.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PaymentCompleteLoaderData> {
  const scope = scopeOf(context);
  const applicationIdentifier =
    new URL(request.url).searchParams.get('applicationIdentifier')?.trim() ||
    scope?.routerContext.applicationIdentifier;
  if (!scope || !applicationIdentifier) return null;
  // The provider may send the browser back in a new session of the portal: the application becomes the one the
  // pages work on.
  if (scope.routerContext.applicationIdentifier !== applicationIdentifier) {
    setResponseCookie(scope, routerContextCookie(JSON.stringify({ ...scope.routerContext, applicationIdentifier })));
  }
  const outcome = await confirmPayment(applicationIdentifier, { scope });
  if (!outcome.success || !outcome.data) {
    const body = typeof outcome.error === 'object' ? outcome.error : undefined;
    return body?.error ? { failed: body.error } : { failed: '' };
  }
  if (outcome.data.status === 'PAID') throw redirect(submittedHref(applicationIdentifier));
  if (outcome.data.status === 'PENDING') return { pending: true };
  throw redirect(PATHS.paymentOverview);
}
