import { redirect } from 'react-router-dom';
import { accountCalls } from '@/api/accounts';
import { isLoggedIn } from '@/api/auth/tokens';
import { ApiError } from '@/api/request';
import { problemsOf, readPostedForm, refused, refusedByApi, type PageAction } from '@/engine/form-action';
import { PATHS } from '@/shared/route-paths';
import { RESEND_ACTION, type AccountActionData } from './account-action-data';
import { postedAction, resendEmail } from './account-action';
import { CODE_ERRORS, sameAddress } from './one-time-code';
import { RESET_KEY_PARAM } from './reset-code';

/**
 * /otp posted without scripts. Its form: the e-mailed code checked as in the browser, then confirming the address
 * (the page then says so), or, with ?emailAction=RESET_PASSWORD, exchanged for a reset key that leads on to choosing
 * the new password: on the change-password page for the signed-in owner of the address (the profile put it in the
 * router context), on /reset-password otherwise. Its "Send the e-mail again" button sends the same form, for the
 * address typed in it.
 */
export const action: PageAction = async ({ request, fields, route, scope, t }) => {
  const resetMode = new URL(request.url).searchParams.get('emailAction') === 'RESET_PASSWORD';
  const posted = await readPostedForm(fields, route.form ?? 'otp');
  const email = String(posted.answers.email ?? '').trim();
  if (postedAction(fields) === RESEND_ACTION) {
    const resend = await resendEmail(
      scope,
      email,
      resetMode ? 'RESET_PASSWORD' : 'VERIFY_EMAIL',
      t,
      'accounts:otp.missingEmail',
    );
    // A new code makes the one typed useless: only the address is shown again.
    return { ...refused(posted, []), answers: email ? { email } : {}, resend } satisfies AccountActionData;
  }
  const problems = problemsOf(posted, t);
  if (problems.length > 0) return refused(posted, problems);
  const entered = { email, code: String(posted.answers.code ?? '').trim() };
  try {
    if (resetMode) {
      const { authKey } = await accountCalls(scope).verifyResetCode(entered);
      const key = encodeURIComponent(authKey);
      if (isLoggedIn(scope) && sameAddress(scope.routerContext.email, email)) {
        return redirect(`${PATHS.changePassword}?${RESET_KEY_PARAM}=${key}`);
      }
      return redirect(`${PATHS.resetPassword}?authKey=${key}`);
    }
    await accountCalls(scope).verify(entered);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = error.errorBody;
    if (body && !body.fields?.length && CODE_ERRORS.has(body.code)) {
      return refused(posted, [{ field: 'code', key: body.code, message: body.error }]);
    }
    return refusedByApi(posted, body, t('common:errorPage.body'));
  }
  return { answers: {}, errors: [], done: 'confirmed' } satisfies AccountActionData;
};
