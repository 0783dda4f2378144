import { submissionPath, type SubmissionReceipt } from '@/api/submissions';
import { ApiError, productRequest, unwrap } from '@/api/request';
import {
  carriedStep,
  isDone,
  readCarriedForm,
  refusedByApi,
  type FormActionData,
  type PageAction,
} from '@/engine/form-action';

/** What a public form's action answers: the form refused, or the submission's receipt. */
export interface PublicFormActionData extends FormActionData {
  receipt?: SubmissionReceipt;
}

/**
 * A public form posted without scripts: the answers checked as in the browser (the API checks them again), page by
 * page for a form of several pages (the next page, Back, check answers), then sent as a submission; the page thanks
 * the visitor with its reference, or shows the form again with what was wrong.
 */
export const action: PageAction = async ({ fields, route, scope, t }) => {
  if (!route.form) throw new Error(`The route ${route.path} shows no form`);
  // A form of several pages is sent from its end: each page carries the answers of the others.
  const posted = await readCarriedForm(fields, route.form);
  const step = carriedStep(posted, t);
  if (!isDone(step)) return step satisfies PublicFormActionData;
  let receipt: SubmissionReceipt;
  try {
    const body = { answers: step.done };
    receipt = unwrap(
      await productRequest<SubmissionReceipt>({ method: 'POST', path: submissionPath(route.form), body, scope }),
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusedByApi(posted, error.errorBody, t('forms:publicForm.sendFailed'));
  }
  return { answers: {}, errors: [], receipt } satisfies PublicFormActionData;
};
