import { redirect } from 'react-router-dom';
import { resumeApplication } from '@/api/answers';
import {
  completeDocuments,
  loadDocuments,
  removeDocument,
  replaceDocument,
  reuseDocument,
  uploadDocument,
  type DocumentTarget,
} from '@/api/documents';
import { resumePath } from '@/api/journey';
import { ApiError } from '@/api/request';
import type { PageAction } from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import type { ApiResult, FieldError } from '@/shared/api-types';
import { DOCUMENT_ACTIONS, DOCUMENT_FORM, DOCUMENT_PARAMS } from './documents-action-names';
import { codeOf, messageOf, missingByType } from './errors';

/** What the page shows after a form of it was posted without scripts and refused. */
export interface DocumentsActionData {
  /** Messages by document type, at the type and in the error summary. */
  byType: Record<string, string>;
  /** The same as a list (it puts "Error: " before the page's title). */
  errors: FieldError[];
  /** A message about the whole step (Continue could not be saved). */
  problem?: string;
  /** The name of the file refused last, by document type: its picker says it was not uploaded. */
  refused?: Record<string, string>;
}

/** The page again, confirming what was done (post/redirect/get: a reload sends nothing twice). */
function doneAt(request: Request, done: string, fileName: string) {
  const here = new URL(request.url);
  const query = new URLSearchParams({
    applicantIdentifier: here.searchParams.get('applicantIdentifier') ?? '',
    [DOCUMENT_PARAMS.done]: done,
    [DOCUMENT_PARAMS.file]: fileName,
  });
  return redirect(`${here.pathname}?${query.toString()}`);
}

const failure = <T>(result: ApiResult<T>) => new ApiError(result);

/** Messages by document type, and as the list of problems. */
function refusals(byType: Record<string, string>): DocumentsActionData {
  const errors = Object.entries(byType).map(([field, message]) => ({ field, key: '', message }));
  return { byType, errors };
}

/**
 * The supporting documents page's forms posted before (or without) its scripts, one change per post, through the
 * same API calls as the page's scripts: a file uploaded for a document type or in place of one given, a file removed
 * or given again from another applicant, or the step completed (then on to where the journey goes on). A refused
 * file is named with the reason at its document type.
 */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  const { applicationIdentifier } = scope.routerContext;
  const applicantIdentifier = new URL(request.url).searchParams.get('applicantIdentifier')?.trim();
  if (!applicationIdentifier || !applicantIdentifier) return null;
  const target: DocumentTarget = { applicationIdentifier, applicantIdentifier };
  const pressed = String(fields.get(FORM_FIELDS.action) ?? '');
  const documentType = String(fields.get(DOCUMENT_FORM.documentType) ?? '');
  const documentIdentifier = String(fields.get(DOCUMENT_FORM.documentIdentifier) ?? '');
  const refusedAt = (message: string, fileName?: string): DocumentsActionData => ({
    ...refusals({ [documentType]: message }),
    ...(fileName ? { refused: { [documentType]: fileName } } : {}),
  });

  if (pressed === DOCUMENT_ACTIONS.upload || pressed === DOCUMENT_ACTIONS.replace) {
    const file = fields.get(DOCUMENT_FORM.file);
    if (!(file instanceof File) || file.name === '') return refusedAt(t('documents:api.DOCUMENT_FILE_MISSING'));
    const refuse = (reason: string) =>
      refusedAt(t('documents:page.errors.fileRefused', { name: file.name, reason }), file.name);
    if (file.size === 0) return refuse(t('documents:api.DOCUMENT_EMPTY'));
    const result =
      pressed === DOCUMENT_ACTIONS.replace
        ? await replaceDocument(applicationIdentifier, documentIdentifier, file, { scope })
        : await uploadDocument(target, documentType, file, { scope });
    if (!result.success) return refuse(messageOf(failure(result), t('documents:page.errors.uploadFailed')));
    return doneAt(request, pressed, file.name);
  }

  if (pressed === DOCUMENT_ACTIONS.remove || pressed === DOCUMENT_ACTIONS.reuse) {
    const listed = await loadDocuments(target, { scope });
    const files =
      listed.success && listed.data
        ? [...listed.data.requirements.flatMap((r) => r.files), ...listed.data.reusable]
        : [];
    const fileName = files.find((f) => f.documentIdentifier === documentIdentifier)?.fileName ?? '';
    const result =
      pressed === DOCUMENT_ACTIONS.remove
        ? await removeDocument(applicationIdentifier, documentIdentifier, { scope })
        : await reuseDocument(target, documentIdentifier, documentType, { scope });
    if (!result.success) {
      const fallback = pressed === DOCUMENT_ACTIONS.remove ? 'removeFailed' : 'reuseFailed';
      return refusedAt(messageOf(failure(result), t(`documents:page.errors.${fallback}`)));
    }
    return doneAt(request, pressed, fileName);
  }

  if (pressed === DOCUMENT_ACTIONS.continue) {
    const completed = await completeDocuments(target, { scope });
    if (!completed.success || !completed.data) {
      const error = failure(completed);
      const missing = missingByType(error);
      if (codeOf(error) === 'DOCUMENTS_MISSING' && Object.keys(missing).length > 0) return refusals(missing);
      return { ...refusals({}), problem: messageOf(error, t('documents:page.continueFailed')) };
    }
    // Where the application goes on: the applicant furthest behind, else the payment (as the page's scripts do).
    const resumed = await resumeApplication(applicationIdentifier, { scope });
    return redirect(
      resumePath(
        resumed.success && resumed.data
          ? resumed.data
          : { step: completed.data.step, applicantIdentifier: completed.data.applicantIdentifier },
      ),
    );
  }
  return null;
};
