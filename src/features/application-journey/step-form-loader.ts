import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { applicationQuery } from '@/api/applications';
import { prefetchQueries, queryClientOf, scopeOf } from '@/api/request-scope';
import type { AnswerFormId } from '@/api/answers';
import { FORM_PAGE_PARAM, formPageHref, formRoutePath } from '@/engine/form-address';
import { loadForm } from '@/engine/form-loader';
import { formValidation } from '@/engine/validation/form-validation';
import { CHECK_ANSWERS_PAGE } from '@/shared/forms/flow';
import { journeySteps, OVERVIEW_PATH } from './steps';
import { stepQuery } from './step-query';

/**
 * A form step's page without an applicant (`?applicantIdentifier=`) has nothing to show but the task list, which lives
 * at the first form step's address: the others send the visitor there, from the server as from the browser (on the
 * server the task list's application is fetched for it). On the server, the applicant's saved answers are fetched here into the page's query cache (the page is rendered with
 * them), and a page of the form that they skip sends the visitor on to the next page that applies (in the browser the
 * form itself shows that page, from the answers it holds).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const applicantIdentifier = url.searchParams.get('applicantIdentifier')?.trim();
  const scope = scopeOf(context);
  const applicationIdentifier = scope?.routerContext.applicationIdentifier;
  if (!applicantIdentifier) {
    if (url.pathname.replace(/\/+$/, '') !== OVERVIEW_PATH) throw redirect(OVERVIEW_PATH);
    // The task list: the application with each applicant's steps.
    if (applicationIdentifier) await prefetchQueries(context, applicationQuery(applicationIdentifier, scope));
    return null;
  }
  const pageId = params[FORM_PAGE_PARAM];
  const queryClient = queryClientOf(context);
  if (!queryClient || !applicationIdentifier) return null;
  const routePath = formRoutePath(url.pathname, pageId);
  const formId = journeySteps.find((step) => step.path === routePath)?.form as AnswerFormId | undefined;
  if (!formId) return null;
  const query = stepQuery({ formId, applicationIdentifier, applicantIdentifier }, scope);
  const [, form] = await Promise.all([queryClient.prefetchQuery(query), loadForm(formId)]);
  const saved = queryClient.getQueryData(query.queryKey);
  if (request.method !== 'GET' || !pageId || pageId === CHECK_ANSWERS_PAGE || !saved) return null;
  const shown = formValidation(form).pageToShow(pageId, saved.answers);
  if (shown.id !== pageId) throw redirect(formPageHref(routePath, shown.id, url.search));
  return null;
}
