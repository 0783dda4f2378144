import { accountCalls, type ResetPasswordAnswers } from '@/api/accounts';
import { ApiError } from '@/api/request';
import { problemsOf, readPostedForm, refused, refusedByApi, type PageAction } from '@/engine/form-action';
import type { AccountActionData } from './account-action-data';
import { isWellFormedKey } from './reset-code';

/**
 * The e-mailed link's new-password form posted without scripts: the pair checked as in the browser, then saved with
 * the link's key. A spent or expired key gets the page that offers a new link; the passwords are never sent back.
 */
export const action: PageAction = async ({ request, fields, route, scope, t }) => {
  const posted = await readPostedForm(fields, route.form ?? 'reset-password');
  const authKey = String(posted.answers.authKey ?? '') || (new URL(request.url).searchParams.get('authKey') ?? '');
  const invalid = { answers: {}, errors: [], done: 'invalid' } satisfies AccountActionData;
  if (!isWellFormedKey(authKey)) return invalid;
  const answers = { ...posted.answers, authKey };
  const shown = { ...posted, answers: { authKey } };
  const problems = problemsOf({ ...posted, answers }, t);
  if (problems.length > 0) return refused(shown, problems);
  try {
    const body = posted.validation.normalise(posted.validation.withoutSkipped(answers));
    await accountCalls(scope).resetPassword(body as unknown as ResetPasswordAnswers);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = error.errorBody;
    if (body?.code === 'RESET_LINK_INVALID' || body?.fields?.some((f) => f.field === 'authKey')) return invalid;
    return refusedByApi(shown, body, t('common:errorPage.body'));
  }
  return { answers: {}, errors: [], done: 'reset' } satisfies AccountActionData;
};
