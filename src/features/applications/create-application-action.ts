import { redirect } from 'react-router-dom';
import { APPLICATIONS_PATH, type Application } from '@/api/applications';
import { ApiError, productRequest, unwrap } from '@/api/request';
import { setResponseCookie } from '@/api/request-scope';
import { problemsOf, readPostedForm, refused, refusedByApi, type PageAction } from '@/engine/form-action';
import { PATHS } from '@/shared/route-paths';
import { routerContextCookie } from '@/shared/router-context-cookie';

/**
 * The create-application form posted without scripts: the answers checked as in the browser, then the application
 * created; its identifier goes into the router context (as the browser puts it there) and the visitor goes on to the
 * applicants.
 */
export const action: PageAction = async ({ fields, route, scope, t }) => {
  const posted = await readPostedForm(fields, route.form ?? 'create-application');
  const problems = problemsOf(posted, t);
  if (problems.length > 0) return refused(posted, problems);
  let application: Application;
  try {
    const body = posted.validation.normalise(posted.validation.withoutSkipped(posted.answers));
    application = unwrap(await productRequest<Application>({ method: 'POST', path: APPLICATIONS_PATH, body, scope }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusedByApi(posted, error.errorBody, t('applications:pages.create.failed'));
  }
  const context = { ...scope.routerContext, applicationIdentifier: application.applicationIdentifier };
  setResponseCookie(scope, routerContextCookie(JSON.stringify(context)));
  return redirect(PATHS.manageApplicants);
};
