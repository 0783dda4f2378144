import { submissionPath, type SubmissionReceipt } from '@/api/submissions';
import { ApiError, productRequest, unwrap } from '@/api/request';
import { checkPosted, readPostedForm, refusedByApi, type FormActionData, type PageAction } from '@/engine/form-action';

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
  const checked = checkPosted(posted, t, { whole: true });
  if (checked.refusal) return checked.refusal satisfies PublicFormActionData;
  let receipt: SubmissionReceipt;
  try {
    const body = { answers: checked.send };
    receipt = unwrap(
      await productRequest<SubmissionReceipt>({ method: 'POST', path: submissionPath(route.form), body }),
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusedByApi(posted, error.errorBody, t('forms:publicForm.sendFailed'));
  }
  return { answers: {}, errors: [], receipt } satisfies PublicFormActionData;
};
