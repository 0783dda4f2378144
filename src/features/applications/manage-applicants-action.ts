import type { TFunction } from 'i18next';
import { redirect } from 'react-router-dom';
import { applicationCalls, type Applicant, type ApplicantFacts } from '@/api/applications';
import { setFlash } from '@/api/flash';
import type { RequestScope } from '@/api/request-scope';
import {
  carriedStep,
  isDone,
  readCarriedForm,
  type FormActionData,
  type PageAction,
  type PostedForm,
} from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import type { ApiErrorBody, ApiResult } from '@/shared/api-types';
import { PATHS } from '@/shared/route-paths';
import { applicantName } from './format';
import { applicantLabels } from './labels';
import { APPLICANT_FIELD, REMOVE_APPLICANT_ACTION, type ApplicantFlash } from './posted-names';
import { PASSPORT_REFUSALS } from './refusal-help';

/** What the page is shown again with: the applicant form's answers and problems, or why a removal failed. */
export type ManageApplicantsActionData = FormActionData | { removeProblem: string };

const bodyOf = (result: ApiResult<unknown>) =>
  typeof result.error === 'object' && result.error !== null ? (result.error as ApiErrorBody) : undefined;

/** The API's refusal of an applicant, as the form shows it with scripts: a passport refusal at its field. */
function refusal(posted: PostedForm, body: ApiErrorBody | undefined, t: TFunction): FormActionData {
  const shown = { answers: posted.answers, pageId: posted.pageId };
  if (!body) return { ...shown, errors: [], problem: t('applications:pages.manage.saveFailed') };
  if (body.fields?.length) return { ...shown, errors: body.fields };
  const field = PASSPORT_REFUSALS[body.code];
  if (field) return { ...shown, errors: [{ field, key: body.code, message: body.error }], code: body.code };
  return { ...shown, errors: [], problem: body.error, code: body.code };
}

/** A page of the applicant form: the next page, the same with its problems, or the applicant saved. */
async function applicantForm(
  scope: RequestScope,
  url: URL,
  fields: FormData,
  applicationIdentifier: string,
  t: TFunction,
) {
  const posted = await readCarriedForm(fields, 'applicant');
  const step = carriedStep(posted, t, { checkAnswers: false });
  if (!isDone(step)) return step;
  const facts = step.done as unknown as ApplicantFacts;
  const editing = url.searchParams.get('edit');
  const result = editing
    ? await applicationCalls(scope).updateApplicant(applicationIdentifier, editing, facts)
    : await applicationCalls(scope).addApplicant(applicationIdentifier, facts);
  if (!result.success || !result.data) return refusal(posted, bodyOf(result), t);
  const saved: Applicant = result.data;
  const returnTo = url.searchParams.get('from') === 'confirm' ? PATHS.confirmApplicant : PATHS.manageApplicants;
  setFlash(scope, {
    page: returnTo,
    key: editing ? 'updated' : 'added',
    name: applicantName(saved),
    retakePassport: saved.photosToRetake?.includes('PASSPORT_PHOTO') ?? false,
  } satisfies ApplicantFlash);
  return redirect(returnTo);
}

/** The confirmed removal of an applicant: the list again, saying who was removed. */
async function removeApplicant(scope: RequestScope, fields: FormData, applicationIdentifier: string, t: TFunction) {
  const applicantIdentifier = String(fields.get(APPLICANT_FIELD) ?? '');
  const listed = await applicationCalls(scope).applicants(applicationIdentifier);
  const applicants = listed.data ?? [];
  const applicant = applicants.find((a) => a.applicantIdentifier === applicantIdentifier);
  const label = applicantLabels(applicants, t).get(applicantIdentifier) ?? (applicant ? applicantName(applicant) : '');
  const result = await applicationCalls(scope).removeApplicant(applicationIdentifier, applicantIdentifier);
  if (!result.success) {
    return {
      removeProblem: bodyOf(result)?.error ?? t('applications:pages.manage.removeFailed'),
    } satisfies ManageApplicantsActionData;
  }
  setFlash(scope, { page: PATHS.manageApplicants, key: 'removed', name: label } satisfies ApplicantFlash);
  return redirect(PATHS.manageApplicants);
}

/**
 * The applicants page's forms posted without scripts: each page of the applicant form (the answers of the others
 * carried along, saved from its last page as the browser saves them, refusals shown at the passport answer), and the
 * confirmed removal of an applicant. Each change ends on the list (or the confirmation page it was started from),
 * which says what was done.
 */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  const url = new URL(request.url);
  const applicationIdentifier = scope.routerContext.applicationIdentifier;
  if (!applicationIdentifier) return redirect(PATHS.manageApplicants);
  if (fields.get(FORM_FIELDS.action) === REMOVE_APPLICANT_ACTION) {
    return removeApplicant(scope, fields, applicationIdentifier, t);
  }
  return applicantForm(scope, url, fields, applicationIdentifier, t);
};
