import { redirect } from 'react-router-dom';
import { accountCalls, type ChangePasswordAnswers } from '@/api/accounts';
import { ApiError } from '@/api/request';
import { problemsOf, readPostedForm, refused, refusedByApi, type PageAction } from '@/engine/form-action';
import { PATHS } from '@/shared/route-paths';
import { PROFILE_NOTICE_PARAM, SEND_CODE_ACTION, type AccountActionData } from './account-action-data';
import { postedAction } from './account-action';
import { RESET_CODE_PATH, WITH_CODE_FORM } from './reset-code';

/**
 * /profile/change-password posted without scripts. "E-mail me a code" sends a reset code to the profile's address (the
 * router context holds it) and goes on to the code page. The form, the current password and a new pair, or the new
 * pair with the key a code was exchanged for (its hidden `authKey`): checked as in the browser, then the API's change;
 * back to the profile, which says the password was changed. A refused key brings back the current-password form.
 * The passwords are never sent back to the page.
 */
export const action: PageAction = async ({ fields, route, scope, t }) => {
  const fallback = t('common:errorPage.body');
  if (postedAction(fields) === SEND_CODE_ACTION) {
    const email = scope.routerContext.email;
    if (!email) return redirect(PATHS.profile);
    try {
      await accountCalls(scope).emailRequest({ email, emailAction: 'RESET_PASSWORD' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { answers: {}, errors: [], problem: error.errorBody?.error ?? fallback } satisfies AccountActionData;
    }
    return redirect(RESET_CODE_PATH);
  }
  const withKey = fields.has('authKey');
  const posted = await readPostedForm(fields, withKey ? WITH_CODE_FORM : (route.form ?? 'change-password'));
  const authKey = withKey ? String(posted.answers.authKey ?? '') : '';
  const shown = { ...posted, answers: authKey ? { authKey } : {} };
  const problems = problemsOf(posted, t);
  if (problems.length > 0) return refused(shown, problems);
  try {
    const body = posted.validation.normalise(posted.validation.withoutSkipped(posted.answers));
    await accountCalls(scope).changePassword(body as unknown as ChangePasswordAnswers);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = error.errorBody;
    if (withKey && (body?.code === 'RESET_LINK_INVALID' || body?.fields?.some((f) => f.field === 'authKey'))) {
      // The key is spent or expired: the ordinary form again, which offers a new code.
      return { answers: {}, errors: [], problem: body.error, keyRefused: true } satisfies AccountActionData;
    }
    return refusedByApi(shown, body, fallback);
  }
  return redirect(`${PATHS.profile}?${PROFILE_NOTICE_PARAM}=passwordChanged`);
};
