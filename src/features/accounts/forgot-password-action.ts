import { accountCalls } from '@/api/accounts';
import { ApiError } from '@/api/request';
import { problemsOf, readPostedForm, refused, refusedByApi, type PageAction } from '@/engine/form-action';
import type { AccountActionData } from './account-action-data';
import { setContextFromServer } from './account-action';

/**
 * The forgotten-password form posted without scripts: the address checked as in the browser, then the same answer
 * whether or not an account has it; the address goes into the router context, from which the code page fills it in.
 */
export const action: PageAction = async ({ fields, route, scope, t }) => {
  const posted = await readPostedForm(fields, route.form ?? 'forgot-password');
  const problems = problemsOf(posted, t);
  if (problems.length > 0) return refused(posted, problems);
  const email = String(posted.answers.email ?? '').trim();
  try {
    await accountCalls(scope).requestPasswordReset({ email });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusedByApi(posted, error.errorBody, t('common:errorPage.body'));
  }
  setContextFromServer(scope, { email });
  return { answers: { email }, errors: [], done: 'sent' } satisfies AccountActionData;
};
