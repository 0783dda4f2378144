import type { LoaderFunctionArgs } from 'react-router-dom';
import { applicationQuery } from '@/api/applications';
import { paymentOverviewQuery, submissionQuery } from '@/api/payments';
import { prefetchQueries, scopeOf } from '@/api/request-scope';
import { newAttemptKey } from './format';

/** What the payment page is given before it renders. */
export interface PaymentOverviewLoaderData {
  /** The key of the payment attempt Pay starts (sent with the form, so a repeated press is the same payment). */
  attemptKey: string;
}

/**
 * A fresh attempt key each time the page is shown (on the server, and on each visit in the browser); on the server,
 * the payment overview of the application in the router context and the application (its unfinished applicants).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<PaymentOverviewLoaderData> {
  const scope = scopeOf(context);
  const applicationIdentifier = scope?.routerContext.applicationIdentifier;
  if (applicationIdentifier) {
    await prefetchQueries(
      context,
      paymentOverviewQuery(applicationIdentifier, scope),
      applicationQuery(applicationIdentifier, scope),
    );
  }
  return { attemptKey: newAttemptKey() };
}

/** The receipt of a submitted application (?applicationIdentifier=, or the one in the router context). */
export async function submittedLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const scope = scopeOf(context);
  const applicationIdentifier =
    new URL(request.url).searchParams.get('applicationIdentifier')?.trim() ||
    scope?.routerContext.applicationIdentifier;
  if (applicationIdentifier) await prefetchQueries(context, submissionQuery(applicationIdentifier, scope));
  return null;
}
