import { redirect } from 'react-router-dom';
import { accountCalls, type RegistrationAnswers } from '@/api/accounts';
import { ApiError } from '@/api/request';
import { problemsOf, readPostedForm, refused, refusedByApi, type PageAction } from '@/engine/form-action';
import { PATHS } from '@/shared/route-paths';
import { setContextFromServer } from './account-action';

/**
 * The registration form posted without scripts: the same checks as in the browser, then the API's registration; the
 * address goes into the router context (as the browser puts it there) for the page that says where the e-mail went.
 */
export const action: PageAction = async ({ fields, route, scope, t }) => {
  const posted = await readPostedForm(fields, route.form ?? 'registration');
  const problems = problemsOf(posted, t);
  // Passwords are never sent back to the page.
  const { password: _password, confirmPassword: _confirm, ...shown } = posted.answers;
  if (problems.length > 0) return refused({ ...posted, answers: shown }, problems);
  const answers = posted.validation.normalise(posted.validation.withoutSkipped(posted.answers));
  try {
    await accountCalls(scope).register(answers as unknown as RegistrationAnswers);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusedByApi({ ...posted, answers: shown }, error.errorBody, t('common:errorPage.body'));
  }
  // The confirmation page names the address the e-mail went to.
  setContextFromServer(scope, { email: String(answers.email).trim() });
  return redirect(PATHS.emailConfirmation);
};
