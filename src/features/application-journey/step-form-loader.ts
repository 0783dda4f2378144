import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { loadStepAnswers } from '@/api/answers';
import { scopeOf } from '@/api/request-scope';
import { FORM_PAGE_PARAM, formPageHref, formRoutePath } from '@/engine/form-address';
import { loadForm } from '@/engine/form-loader';
import { formValidation } from '@/engine/validation/form-validation';
import { CHECK_ANSWERS_PAGE } from '@/shared/forms/flow';
import { journeySteps, OVERVIEW_PATH } from './steps';

/**
 * A form step's page without an applicant (`?applicantIdentifier=`) has nothing to show but the task list, which lives
 * at the first form step's address: the others send the visitor there, from the server as from the browser. A page
 * of the form that the saved answers skip sends the visitor on to the next page that applies (on the server: in the
 * browser the form itself shows that page, from the answers it holds).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const applicantIdentifier = url.searchParams.get('applicantIdentifier')?.trim();
  if (!applicantIdentifier) {
    if (url.pathname.replace(/\/+$/, '') !== OVERVIEW_PATH) throw redirect(OVERVIEW_PATH);
    return null;
  }
  const pageId = params[FORM_PAGE_PARAM];
  // On the server only (the request's scope): in the browser the form shows the page that applies by itself.
  const scope = scopeOf(context);
  const applicationIdentifier = scope?.routerContext.applicationIdentifier;
  if (request.method !== 'GET' || !pageId || pageId === CHECK_ANSWERS_PAGE || !applicationIdentifier) return null;
  const routePath = formRoutePath(url.pathname, pageId);
  const formId = journeySteps.find((step) => step.path === routePath)?.form;
  if (!formId) return null;
  const [saved, form] = await Promise.all([
    loadStepAnswers({ formId, applicationIdentifier, applicantIdentifier }, { scope }),
    loadForm(formId),
  ]);
  if (!saved.success || !saved.data) return null;
  const flow = formValidation(form);
  const shown = flow.pageToShow(pageId, saved.data.answers);
  if (shown.id !== pageId) throw redirect(formPageHref(routePath, shown.id, url.search));
  return null;
}
