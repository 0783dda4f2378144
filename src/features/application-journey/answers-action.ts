import { redirect } from 'react-router-dom';
import { loadStepAnswers, resumeApplication, saveAnswers, type AnswersTarget } from '@/api/answers';
import { setFlash } from '@/api/flash';
import type { ApiResult } from '@/shared/api-types';
import type { ApiErrorBody } from '@/shared/contract';
import { CHECK_ANSWERS_PAGE } from '@/shared/forms/flow';
import { stepAfterPage } from '@/shared/forms/navigation';
import { checkPosted, readPostedForm, refusedByApi, type FormActionData, type PageAction } from '@/engine/form-action';
import { FORM_FIELDS, FORM_PAGE_PARAM, formPageHref, formRoutePath } from '@/engine/form-address';
import { fullName } from './applicant-name';
import { OVERVIEW_PATH, RESUME_ACTION, resumePath, type ResumeActionData, type SavedFlash } from './steps';

const bodyOf = (result: ApiResult<unknown>) =>
  typeof result.error === 'object' && result.error !== null ? (result.error as ApiErrorBody) : undefined;

/**
 * A page of a form step posted without scripts: the page's answers read back by the form's schema and checked as in
 * the browser, then saved as the browser saves them (the API checks them again and moves the applicant's step); the
 * visitor goes on to the next page that applies, or check answers (where the Change links come back to), or, once
 * the whole form is saved from check answers, the task list. Refused answers come back to the same page.
 */
export const action: PageAction = async ({ request, params, fields, route, scope, t }) => {
  const url = new URL(request.url);
  const formId = route.form;
  const applicantIdentifier = url.searchParams.get('applicantIdentifier')?.trim();
  const applicationIdentifier = scope.routerContext.applicationIdentifier;
  // The task list's Continue: on to where the API says the application continues.
  if (!applicantIdentifier && applicationIdentifier && fields.get(FORM_FIELDS.action) === RESUME_ACTION) {
    const resumed = await resumeApplication(applicationIdentifier, { scope });
    if (resumed.success && resumed.data) return redirect(resumePath(resumed.data));
    return { resumeProblem: bodyOf(resumed)?.error ?? t('journey:overview.loadFailed') } satisfies ResumeActionData;
  }
  if (!formId || !applicantIdentifier || !applicationIdentifier) return redirect(OVERVIEW_PATH);
  const target: AnswersTarget = { formId, applicationIdentifier, applicantIdentifier };
  const fallback = t('journey:form.loadFailed');

  const saved = await loadStepAnswers(target, { scope });
  if (!saved.success || !saved.data) {
    return {
      answers: {},
      errors: [],
      problem: bodyOf(saved)?.error ?? fallback,
      code: bodyOf(saved)?.code,
    } satisfies FormActionData;
  }
  const posted = await readPostedForm(fields, formId, saved.data.answers);
  const { validation } = posted;
  const routePath = formRoutePath(url.pathname, params[FORM_PAGE_PARAM]);
  const pageHref = (pageId: string) => formPageHref(routePath, pageId, url.search);

  // "Add another" and "Remove" show the page again, one item more or fewer, nothing saved yet; check answers sends
  // the whole form, as the browser sends it once every page is right.
  const checked = checkPosted(posted, t, { whole: false });
  if (checked.refusal) return checked.refusal;
  const page = posted.page;
  const result = await saveAnswers(
    target,
    page ? { page: page.id, answers: checked.send } : { answers: checked.send },
    { scope },
  );
  if (!result.success) return refusedByApi(posted, bodyOf(result), fallback);
  if (!page) {
    setFlash(scope, { page: OVERVIEW_PATH, savedFor: fullName(saved.data) } satisfies SavedFlash);
    return redirect(OVERVIEW_PATH);
  }
  // A step's form always shows check answers after its last page.
  const step = stepAfterPage(validation, page.id, posted.answers, {
    checkAnswers: true,
    fromReview: posted.fromReview,
  });
  return redirect(pageHref(step.to === 'page' ? step.page.id : CHECK_ANSWERS_PAGE));
};
