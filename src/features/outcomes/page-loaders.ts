import type { LoaderFunctionArgs } from 'react-router-dom';
import { outcomeQuery, walletsQuery, type OutcomeKind } from '@/api/outcomes';
import { prefetchQueries, scopeOf } from '@/api/request-scope';

/** An applicant's decided document of one kind (?applicantIdentifier=), and the wallets it may be added to. */
const outcomeLoader =
  (kind: OutcomeKind) =>
  async ({ request, context }: LoaderFunctionArgs): Promise<null> => {
    const scope = scopeOf(context);
    const applicantIdentifier = new URL(request.url).searchParams.get('applicantIdentifier')?.trim();
    if (!applicantIdentifier) return null;
    await prefetchQueries(context, outcomeQuery(kind, applicantIdentifier, scope), walletsQuery(scope));
    return null;
  };

export const etaLoader = outcomeLoader('ETA');
export const permitLoader = outcomeLoader('PERMIT');
export const noticeLoader = outcomeLoader('REJECTION_NOTICE');
