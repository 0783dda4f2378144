import type { LoaderFunctionArgs } from 'react-router-dom';
import { applicationQuery } from '@/api/applications';
import { applicantDocumentsQuery } from '@/api/documents';
import { prefetchQueries, scopeOf } from '@/api/request-scope';

/** One applicant's supporting documents (?applicantIdentifier=): the application, for their name, and the documents. */
export async function supportingDocumentsLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const scope = scopeOf(context);
  const applicationIdentifier = scope?.routerContext.applicationIdentifier;
  const applicantIdentifier = new URL(request.url).searchParams.get('applicantIdentifier')?.trim();
  if (!applicationIdentifier || !applicantIdentifier) return null;
  await prefetchQueries(
    context,
    applicationQuery(applicationIdentifier, scope),
    applicantDocumentsQuery({ applicationIdentifier, applicantIdentifier }, scope),
  );
  return null;
}
