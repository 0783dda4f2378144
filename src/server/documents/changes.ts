import {
  DOCUMENT_ERRORS,
  type DocumentFile,
  type DocumentReuseBody,
  type DocumentsCompleted,
} from '../../shared/contract';
import { applicantOf, ownApplication } from '../applications/public';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { uuidv7 } from '../lib/uuidv7';
import { assertApplicantEditable, assertEditable, completeStep } from '../lifecycle/public';
import { DOCUMENTS_STEP, type Caller, type DocumentsDeps, type Upload } from './deps';
import { isReferenced } from './objects';
import { accept, assertCanChange, assertTypeAllowed, documentOf, fileRow, requirementsOf, storeThen } from './store';
import type { ApplicantDocumentsTable } from './tables';
import { documentView, missingTypes } from './views';

/** A new file of one type for one applicant. */
export async function uploadDocument(
  deps: DocumentsDeps,
  caller: Caller,
  guid: string,
  query: { applicantIdentifier: string; documentType: string },
  upload: Upload,
): Promise<DocumentFile> {
  const { db, repository } = deps;
  // Who may do this is settled before the content is looked at; it is checked again when the row is written.
  const application = await ownApplication(db, caller.profileId, guid);
  const applicant = await applicantOf(db, application.id, query.applicantIdentifier);
  assertCanChange(application, applicant, caller.lang);
  assertTypeAllowed(await requirementsOf(deps, db, application, applicant), query.documentType);
  const stored = await accept(deps, upload, caller.lang);
  return storeThen(deps, caller, guid, stored, async (trx, current) => {
    const target = await applicantOf(trx, current.id, applicant.id);
    assertCanChange(current, target, caller.lang);
    // The same file sent again for the same document (an answer lost on the way, a proxy's or the user's retry)
    // is the file already there: stored once, its copy of this upload removed.
    const again = (await repository.ofApplicant(target.id, trx)).find(
      (row) => row.document_type === query.documentType && row.sha256 === stored.file.sha256,
    );
    if (again) return { answer: documentView(again), unreferenced: [stored.key] };
    const now = new Date().toISOString();
    const row: ApplicantDocumentsTable = {
      id: uuidv7(),
      application_id: current.id,
      applicant_id: target.id,
      document_type: query.documentType,
      created_at: now,
      ...fileRow(stored.file, stored.key, upload.fileName, now),
    };
    await repository.insert(row, trx);
    return { answer: documentView(row), unreferenced: [], changed: true };
  });
}

/** Another file in place of one, under the same identifier. */
export async function replaceDocument(
  deps: DocumentsDeps,
  caller: Caller,
  guid: string,
  documentGuid: string,
  upload: Upload,
): Promise<DocumentFile> {
  const application = await ownApplication(deps.db, caller.profileId, guid);
  const before = await documentOf(deps, deps.db, application, documentGuid);
  assertCanChange(application, before.applicant, caller.lang);
  const stored = await accept(deps, upload, caller.lang);
  return storeThen(deps, caller, guid, stored, async (trx, current) => {
    const { row, applicant } = await documentOf(deps, trx, current, before.row.id);
    assertCanChange(current, applicant, caller.lang);
    const file = fileRow(stored.file, stored.key, upload.fileName, new Date().toISOString());
    await deps.repository.replaceFile(row.id, file, trx);
    const unreferenced = (await isReferenced(trx, row.storage_key)) ? [] : [row.storage_key];
    return { answer: documentView({ ...row, ...file }), unreferenced, changed: true };
  });
}

/** A file of another applicant of the application given for this one too, sharing the stored object. */
export async function reuseDocument(
  deps: DocumentsDeps,
  caller: Caller,
  guid: string,
  documentGuid: string,
  body: DocumentReuseBody,
): Promise<DocumentFile> {
  return storeThen(deps, caller, guid, undefined, async (trx, application) => {
    const { row: source } = await documentOf(deps, trx, application, documentGuid);
    const target = await applicantOf(trx, application.id, body.applicantIdentifier);
    assertCanChange(application, target, caller.lang);
    assertTypeAllowed(await requirementsOf(deps, trx, application, target), body.documentType);
    const existing = (await deps.repository.ofApplicant(target.id, trx)).find(
      (row) => row.storage_key === source.storage_key && row.document_type === body.documentType,
    );
    if (existing) return { answer: documentView(existing), unreferenced: [] };
    const row: ApplicantDocumentsTable = {
      ...source,
      id: uuidv7(),
      applicant_id: target.id,
      document_type: body.documentType,
      created_at: new Date().toISOString(),
    };
    await deps.repository.insert(row, trx);
    return { answer: documentView(row), unreferenced: [], changed: true };
  });
}

/** Removes a file; its object goes once no applicant's row names it. */
export async function removeDocument(deps: DocumentsDeps, caller: Caller, guid: string, documentGuid: string) {
  await storeThen(deps, caller, guid, undefined, async (trx, application) => {
    const { row, applicant } = await documentOf(deps, trx, application, documentGuid);
    assertEditable(application, caller.lang);
    assertApplicantEditable(applicant);
    await deps.repository.remove(row.id, trx);
    // The state machine sends an applicant past this step back to it when a required file is now missing.
    const unreferenced = (await isReferenced(trx, row.storage_key)) ? [] : [row.storage_key];
    return { answer: undefined, unreferenced, changed: true };
  });
}

/** Completes SUPPORTING_DOCUMENTS when every required type has a file; else 400 naming each missing type. */
export async function completeDocuments(
  deps: DocumentsDeps,
  caller: Caller,
  guid: string,
  applicantGuid: string,
): Promise<DocumentsCompleted> {
  return storeThen(deps, caller, guid, undefined, async (trx, application) => {
    const applicant = await applicantOf(trx, application.id, applicantGuid);
    assertCanChange(application, applicant, caller.lang);
    const requirements = await requirementsOf(deps, trx, application, applicant);
    const missing = missingTypes(requirements, await deps.repository.ofApplicant(applicant.id, trx));
    if (missing.length > 0) {
      const key = 'documents:api.documentMissing';
      const fields = missing.map((documentType) => ({
        field: documentType,
        key,
        message: translate(caller.lang, key, {
          document: translate(caller.lang, `documents:types.${documentType}.label`),
        }),
      }));
      throw new ApiError(400, DOCUMENT_ERRORS.missing, 'documents:api.DOCUMENTS_MISSING', { fields });
    }
    const step = await completeStep(trx, applicant.id, DOCUMENTS_STEP, caller.lang);
    return {
      answer: { applicationIdentifier: application.id, applicantIdentifier: applicant.id, step },
      unreferenced: [],
    };
  });
}
