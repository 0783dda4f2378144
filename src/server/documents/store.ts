import type { Kysely } from 'kysely';
import { DOCUMENT_ERRORS, type DocumentErrorCode } from '../../shared/contract';
import { formatFileSize } from '../../shared/file-size';
import {
  applicantOf,
  maybeId,
  withApplication,
  type ApplicantsTable,
  type ApplicationsTable,
} from '../applications/public';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { assertApplicantEditable, assertEditable, assertStepReached } from '../lifecycle/public';
import { newObjectKey } from '../storage/object-storage';
import { recordUploadRefused } from '../system/public';
import { DOCUMENTS_STEP, type Caller, type DocumentsDeps, type Upload } from './deps';
import { documentFacts } from './facts';
import { checkFile, displayFileName, type AcceptedFile } from './file-checks';
import { DOCUMENTS_FOLDER, deleteDocumentObjects } from './objects';
import { PDF_LIMITS } from './pdf-inspection';
import type { Requirement } from './requirements';

export const notFound = () => new ApiError(404, DOCUMENT_ERRORS.documentNotFound, 'documents:api.DOCUMENT_NOT_FOUND');

/** A refused file: 422 with the message on the `file` field, as the upload form shows it. */
function refusal(maxFileBytes: number, code: DocumentErrorCode, lang: string) {
  recordUploadRefused('document', code);
  const key = `documents:api.${code}`;
  const vars = { size: formatFileSize(maxFileBytes, lang), pages: PDF_LIMITS.pages.toLocaleString(lang) };
  return new ApiError(422, code, key, { vars, fields: [{ field: 'file', key, message: translate(lang, key, vars) }] });
}

/** The documents asked of an applicant, from the rules and the facts of their answers. */
export async function requirementsOf(
  deps: Pick<DocumentsDeps, 'rules'>,
  executor: Kysely<Database>,
  application: ApplicationsTable,
  applicant: ApplicantsTable,
): Promise<Requirement[]> {
  return deps.rules.evaluate(await documentFacts(executor, application, applicant));
}

/** The applicant may be given files now: application and applicant editable, DECLARATION done. */
export function assertCanChange(application: ApplicationsTable, applicant: ApplicantsTable, lang: string): void {
  assertEditable(application, lang);
  assertApplicantEditable(applicant);
  assertStepReached(applicant, DOCUMENTS_STEP, lang);
}

export function assertTypeAllowed(requirements: Requirement[], documentType: string): void {
  if (!requirements.some((r) => r.documentType === documentType))
    throw new ApiError(400, DOCUMENT_ERRORS.typeUnknown, 'documents:api.DOCUMENT_TYPE_UNKNOWN');
}

/** Checks an upload's content and stores it; answers the stored file and its key. */
export async function accept(
  deps: DocumentsDeps,
  upload: Upload,
  lang: string,
): Promise<{ file: AcceptedFile; key: string }> {
  const { maxFileBytes, scanner, pdf } = deps;
  if (upload.tooBig) throw refusal(maxFileBytes, DOCUMENT_ERRORS.tooBig, lang);
  let checked;
  try {
    checked = await checkFile(upload.data, { maxBytes: maxFileBytes, scanner, checkPdf: (data) => pdf.check(data) });
  } catch {
    // The scanner could not be reached: nothing is kept, and the user may try again.
    throw new ApiError(503, DOCUMENT_ERRORS.scanUnavailable, 'documents:api.DOCUMENT_SCAN_UNAVAILABLE', {
      retryAfterSeconds: 30,
    });
  }
  if (!checked.ok) throw refusal(maxFileBytes, checked.code, lang);
  const key = newObjectKey(DOCUMENTS_FOLDER);
  await deps.storage.put(key, checked.file.data, checked.file.contentType);
  return { file: checked.file, key };
}

/** What a change of files did: its answer, the stored objects no row names any more, and whether files changed. */
export interface Changed<T> {
  answer: T;
  unreferenced: string[];
  changed?: boolean;
}

/**
 * Runs `work` in the application's transaction; a stored file is deleted again when it fails. A work that
 * `changes` the applicant's files reports it to the state machine in the same transaction (which voids the live
 * payment), and the voided payments are handed on once it is committed.
 */
export async function storeThen<T>(
  deps: DocumentsDeps,
  caller: Caller,
  guid: string,
  stored: { key: string } | undefined,
  work: (trx: Kysely<Database>, application: ApplicationsTable) => Promise<Changed<T>>,
): Promise<T> {
  const { db, storage, lifecycle } = deps;
  let result: { answer: T; unreferenced: string[]; voided: string[] };
  try {
    result = await withApplication(db, caller.profileId, guid, async (trx, application, held) => {
      const done = await work(trx, application);
      const voided = done.changed ? (await lifecycle.heldApplicationChanged(held)).voided : [];
      return { ...done, voided };
    });
  } catch (error) {
    if (stored) await deleteDocumentObjects(storage, [stored.key], caller.log);
    throw error;
  }
  await lifecycle.paymentsVoided(result.voided);
  await deleteDocumentObjects(storage, result.unreferenced, caller.log);
  return result.answer;
}

/** The columns of a stored file. */
export const fileRow = (file: AcceptedFile, key: string, fileName: string | undefined, now: string) => ({
  file_name: displayFileName(fileName),
  content_type: file.contentType,
  byte_size: file.data.length,
  sha256: file.sha256,
  storage_key: key,
  uploaded_at: now,
});

/** The file `documentGuid` of the caller's application with its applicant, or 404. */
export async function documentOf(
  deps: Pick<DocumentsDeps, 'repository'>,
  executor: Kysely<Database>,
  application: ApplicationsTable,
  documentGuid: string,
) {
  const id = maybeId(documentGuid);
  const row = id ? await deps.repository.inApplication(application.id, id, executor) : undefined;
  if (!row) throw notFound();
  return { row, applicant: await applicantOf(executor, application.id, row.applicant_id) };
}
