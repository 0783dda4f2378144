import { submissionPath, type SubmissionReceipt } from '@/api/submissions';
import { ApiError, productRequest, unwrap } from '@/api/request';
import { sendingOf } from '@/shared/forms/navigation';
import {
  listChange,
  problemsOf,
  readPostedForm,
  refused,
  refusedByApi,
  refusedOnPage,
  type FormActionData,
  type PageAction,
} from '@/engine/form-action';

/** What a public form's action answers: the form refused, or the submission's receipt. */
export interface PublicFormActionData extends FormActionData {
  receipt?: SubmissionReceipt;
}

/**
 * A public form posted without scripts: the answers checked as in the browser (the API checks them again), then sent
 * as a submission; the page thanks the visitor with its reference, or shows the form again with what was wrong.
 */
export const action: PageAction = async ({ fields, route, t }) => {
  if (!route.form) throw new Error(`The route ${route.path} shows no form`);
  const posted = await readPostedForm(fields, route.form);
  const listed = listChange(posted);
  if (listed) return { ...refused(posted, []), answers: listed } satisfies PublicFormActionData;
  const problems = problemsOf(posted, t);
  if (problems.length > 0) return refused(posted, problems);
  const sending = sendingOf(posted.validation, posted.answers);
  if (sending.pageWithProblems) return refusedOnPage(posted, sending.pageWithProblems, t);
  let receipt: SubmissionReceipt;
  try {
    const body = { answers: sending.answers };
    receipt = unwrap(
      await productRequest<SubmissionReceipt>({ method: 'POST', path: submissionPath(route.form), body }),
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusedByApi(posted, error.errorBody, t('forms:publicForm.sendFailed'));
  }
  return { answers: {}, errors: [], receipt } satisfies PublicFormActionData;
};
