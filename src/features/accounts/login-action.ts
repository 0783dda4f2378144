import { redirect } from 'react-router-dom';
import { accountCalls } from '@/api/accounts';
import { setResponseCookie } from '@/api/request-scope';
import { ApiError } from '@/api/request';
import { returnParamOf } from '@/api/safe-redirect';
import { problemsOf, readPostedForm, refused, refusedByApi, type PageAction } from '@/engine/form-action';
import { PATHS } from '@/shared/route-paths';
import { endedSessionCookies, sessionCookies } from '@/shared/session-cookies';
import { contextEmailCookie, routerContextCookie } from '@/shared/router-context-cookie';
import { logout, SIGN_OUT_ACTION } from '@/api/auth/session';
import { FORM_FIELDS } from '@/engine/form-address';
import { RESEND_ACTION, type AccountActionData } from './account-action-data';
import { postedText, resendEmail } from './account-action';

/**
 * The menu's Logout posted without scripts ends the session. The sign-in form posted without scripts: the same checks
 * as in the browser, then the API's sign-in; the session's cookies go out with the redirect to where the visitor was
 * sent from (`?from=`), or the profile. An address not yet confirmed gets "Send the e-mail again", which posts here too.
 */
export const action: PageAction = async ({ request, fields, route, scope, t }) => {
  if (fields.get(FORM_FIELDS.action) === SIGN_OUT_ACTION) {
    // The menu's Logout: the session ends on the server and its cookies (and the router context) in the browser.
    await logout(scope);
    for (const cookie of endedSessionCookies()) setResponseCookie(scope, cookie);
    setResponseCookie(scope, routerContextCookie(undefined));
    setResponseCookie(scope, contextEmailCookie(undefined));
    return redirect(PATHS.home);
  }
  if (fields.get(FORM_FIELDS.action) === RESEND_ACTION) {
    // The page goes on saying the address needs confirming, with what the new e-mail answered.
    const email = postedText(fields, 'email');
    return {
      answers: { email },
      errors: [],
      problem: t('accounts:login.notConfirmed'),
      code: 'EMAIL_NOT_VERIFIED',
      resend: await resendEmail(scope, email, 'VERIFY_EMAIL', t),
    } satisfies AccountActionData;
  }
  const posted = await readPostedForm(fields, route.form ?? 'login');
  const problems = problemsOf(posted, t);
  if (problems.length > 0) return refused(posted, problems);
  const email = String(posted.answers.email ?? '').trim();
  try {
    const result = await accountCalls(scope).login({ email, password: String(posted.answers.password ?? '') });
    for (const cookie of sessionCookies(result.tokenInfo)) setResponseCookie(scope, cookie);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The password is never sent back to the page.
    return refusedByApi({ ...posted, answers: { email } }, error.errorBody, t('common:errorPage.body'));
  }
  return redirect(returnParamOf(new URL(request.url).search) ?? PATHS.profile);
};
