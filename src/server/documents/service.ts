import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DOCUMENT_ERRORS,
  type ApplicantDocuments,
  type DocumentErrorCode,
  type DocumentFile,
  type DocumentReuseBody,
  type DocumentsCompleted,
} from '../../shared/contract';
import { formatFileSize } from '../../shared/file-size';
import {
  applicantOf,
  maybeId,
  ownApplication,
  withApplication,
  type ApplicantsTable,
  type ApplicationsTable,
} from '../applications/public';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { recordUploadRefused } from '../system/public';
import { translate } from '../i18n';
import { uuidv7 } from '../lib/uuidv7';
import {
  assertApplicantEditable,
  assertEditable,
  assertStepReached,
  completeStep,
  type Lifecycle,
} from '../lifecycle/public';
import { newObjectKey, type ObjectStorage } from '../storage/object-storage';
import { checkFile, displayFileName, type AcceptedFile } from './file-checks';
import { PDF_LIMITS } from './pdf-inspection';
import type { PdfChecker } from './pdf-checks';
import { documentFacts } from './facts';
import { DOCUMENTS_FOLDER, deleteDocumentObjects, isReferenced } from './objects';
import { documentsRepository } from './repository';
import type { DocumentRules, Requirement } from './requirements';
import type { ApplicantDocumentsTable } from './tables';
import { applicantDocumentsView, documentView, missingTypes } from './views';
import type { VirusScanner } from './virus-scan';

/** The journey step these calls belong to (schemas/routes.manifest.json `steps`). */
export const DOCUMENTS_STEP = 'SUPPORTING_DOCUMENTS';

export interface Caller {
  profileId: string;
  lang: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** A file as the route read it: its bytes (undefined: no file part) and the name it was chosen with. */
export interface Upload {
  data?: Buffer;
  fileName?: string;
  /** The file was cut off at the size limit. */
  tooBig?: boolean;
}

export interface DocumentsServiceOptions {
  db: Kysely<Database>;
  storage: ObjectStorage;
  scanner: VirusScanner;
  /** Where PDFs are checked: worker threads with time and memory limits (pdf-checks.ts). */
  pdf: PdfChecker;
  rules: DocumentRules;
  maxFileBytes: number;
  /** The state machine's hooks: a file given or taken away voids the application's live payment. */
  lifecycle: Lifecycle;
}

/** Whether an applicant has a file of every type required of them (the documents step is complete). */
export async function documentsComplete(
  executor: Kysely<Database>,
  rules: DocumentRules,
  application: ApplicationsTable,
  applicant: ApplicantsTable,
): Promise<boolean> {
  const requirements = rules.evaluate(await documentFacts(executor, application, applicant));
  return missingTypes(requirements, await documentsRepository(executor).ofApplicant(applicant.id)).length === 0;
}

export function createDocumentsService(options: DocumentsServiceOptions) {
  const { db, storage, scanner, pdf, rules, maxFileBytes, lifecycle } = options;
  const notFound = () => new ApiError(404, DOCUMENT_ERRORS.documentNotFound, 'documents:api.DOCUMENT_NOT_FOUND');

  /** A refused file: 422 with the message on the `file` field, as the upload form shows it. */
  const refusal = (code: DocumentErrorCode, lang: string) => {
    recordUploadRefused('document', code);
    const key = `documents:api.${code}`;
    const vars = { size: formatFileSize(maxFileBytes, lang), pages: PDF_LIMITS.pages.toLocaleString(lang) };
    return new ApiError(422, code, key, {
      vars,
      fields: [{ field: 'file', key, message: translate(lang, key, vars) }],
    });
  };

  const requirementsOf = async (
    executor: Kysely<Database>,
    application: ApplicationsTable,
    applicant: ApplicantsTable,
  ): Promise<Requirement[]> => rules.evaluate(await documentFacts(executor, application, applicant));

  /** The applicant may be given files now: application and applicant editable, DECLARATION done. */
  const assertCanChange = (application: ApplicationsTable, applicant: ApplicantsTable, lang: string) => {
    assertEditable(application, lang);
    assertApplicantEditable(applicant);
    assertStepReached(applicant, DOCUMENTS_STEP, lang);
  };

  const assertTypeAllowed = (requirements: Requirement[], documentType: string) => {
    if (!requirements.some((r) => r.documentType === documentType))
      throw new ApiError(400, DOCUMENT_ERRORS.typeUnknown, 'documents:api.DOCUMENT_TYPE_UNKNOWN');
  };

  /** Checks an upload's content and stores it; answers the stored file and its key. */
  const accept = async (upload: Upload, lang: string): Promise<{ file: AcceptedFile; key: string }> => {
    if (upload.tooBig) throw refusal(DOCUMENT_ERRORS.tooBig, lang);
    let checked;
    try {
      checked = await checkFile(upload.data, { maxBytes: maxFileBytes, scanner, checkPdf: (data) => pdf.check(data) });
    } catch {
      // The scanner could not be reached: nothing is kept, and the user may try again.
      throw new ApiError(503, DOCUMENT_ERRORS.scanUnavailable, 'documents:api.DOCUMENT_SCAN_UNAVAILABLE', {
        retryAfterSeconds: 30,
      });
    }
    if (!checked.ok) throw refusal(checked.code, lang);
    const key = newObjectKey(DOCUMENTS_FOLDER);
    await storage.put(key, checked.file.data, checked.file.contentType);
    return { file: checked.file, key };
  };

  /**
   * Runs `work` in the application's transaction; a stored file is deleted again when it fails. A work that
   * `changes` the applicant's files reports it to the state machine in the same transaction (which voids the live
   * payment), and the voided payments are handed on once it is committed.
   */
  const storeThen = async <T>(
    caller: Caller,
    guid: string,
    stored: { key: string } | undefined,
    work: (
      trx: Kysely<Database>,
      application: ApplicationsTable,
    ) => Promise<{ answer: T; unreferenced: string[]; changed?: boolean }>,
  ): Promise<T> => {
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
  };

  const fileRow = (file: AcceptedFile, key: string, fileName: string | undefined, now: string) => ({
    file_name: displayFileName(fileName),
    content_type: file.contentType,
    byte_size: file.data.length,
    sha256: file.sha256,
    storage_key: key,
    uploaded_at: now,
  });

  /** The file `documentGuid` of the caller's application with its applicant, or 404. */
  const documentOf = async (executor: Kysely<Database>, application: ApplicationsTable, documentGuid: string) => {
    const id = maybeId(documentGuid);
    const row = id ? await documentsRepository(executor).inApplication(application.id, id) : undefined;
    if (!row) throw notFound();
    return { row, applicant: await applicantOf(executor, application.id, row.applicant_id) };
  };

  return {
    /** What the applicant is asked for, with the files given, and the files of others that can be given again. */
    async list(caller: Caller, guid: string, applicantGuid: string): Promise<ApplicantDocuments> {
      const application = await ownApplication(db, caller.profileId, guid);
      const applicant = await applicantOf(db, application.id, applicantGuid);
      const repository = documentsRepository(db);
      // Independent reads, sent together rather than one after another (each waits for a pooled connection).
      const [requirements, files, reusable] = await Promise.all([
        requirementsOf(db, application, applicant),
        repository.ofApplicant(applicant.id),
        repository.ofOtherApplicants(application.id, applicant.id),
      ]);
      return applicantDocumentsView(applicant.id, requirements, files, reusable, maxFileBytes);
    },

    /** A new file of one type for one applicant. */
    async upload(
      caller: Caller,
      guid: string,
      query: { applicantIdentifier: string; documentType: string },
      upload: Upload,
    ): Promise<DocumentFile> {
      // Who may do this is settled before the content is looked at; it is checked again when the row is written.
      const application = await ownApplication(db, caller.profileId, guid);
      const applicant = await applicantOf(db, application.id, query.applicantIdentifier);
      assertCanChange(application, applicant, caller.lang);
      assertTypeAllowed(await requirementsOf(db, application, applicant), query.documentType);
      const stored = await accept(upload, caller.lang);
      return storeThen(caller, guid, stored, async (trx, current) => {
        const target = await applicantOf(trx, current.id, applicant.id);
        assertCanChange(current, target, caller.lang);
        // The same file sent again for the same document (an answer lost on the way, a proxy's or the user's retry)
        // is the file already there: stored once, its copy of this upload removed.
        const again = (await documentsRepository(trx).ofApplicant(target.id)).find(
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
        await documentsRepository(trx).insert(row);
        return { answer: documentView(row), unreferenced: [], changed: true };
      });
    },

    /** Another file in place of one, under the same identifier. */
    async replace(caller: Caller, guid: string, documentGuid: string, upload: Upload): Promise<DocumentFile> {
      const application = await ownApplication(db, caller.profileId, guid);
      const before = await documentOf(db, application, documentGuid);
      assertCanChange(application, before.applicant, caller.lang);
      const stored = await accept(upload, caller.lang);
      return storeThen(caller, guid, stored, async (trx, current) => {
        const { row, applicant } = await documentOf(trx, current, before.row.id);
        assertCanChange(current, applicant, caller.lang);
        const file = fileRow(stored.file, stored.key, upload.fileName, new Date().toISOString());
        await documentsRepository(trx).replaceFile(row.id, file);
        const unreferenced = (await isReferenced(trx, row.storage_key)) ? [] : [row.storage_key];
        return { answer: documentView({ ...row, ...file }), unreferenced, changed: true };
      });
    },

    /** A file of another applicant of the application given for this one too, sharing the stored object. */
    async reuse(caller: Caller, guid: string, documentGuid: string, body: DocumentReuseBody): Promise<DocumentFile> {
      return storeThen(caller, guid, undefined, async (trx, application) => {
        const { row: source } = await documentOf(trx, application, documentGuid);
        const target = await applicantOf(trx, application.id, body.applicantIdentifier);
        assertCanChange(application, target, caller.lang);
        assertTypeAllowed(await requirementsOf(trx, application, target), body.documentType);
        const repository = documentsRepository(trx);
        const existing = (await repository.ofApplicant(target.id)).find(
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
        await repository.insert(row);
        return { answer: documentView(row), unreferenced: [], changed: true };
      });
    },

    /** Removes a file; its object goes once no applicant's row names it. */
    async remove(caller: Caller, guid: string, documentGuid: string): Promise<void> {
      await storeThen(caller, guid, undefined, async (trx, application) => {
        const { row, applicant } = await documentOf(trx, application, documentGuid);
        assertEditable(application, caller.lang);
        assertApplicantEditable(applicant);
        await documentsRepository(trx).remove(row.id);
        // The state machine sends an applicant past this step back to it when a required file is now missing.
        const unreferenced = (await isReferenced(trx, row.storage_key)) ? [] : [row.storage_key];
        return { answer: undefined, unreferenced, changed: true };
      });
    },

    /** The stored bytes of a file, checked against the hash recorded when it was stored. */
    async download(caller: Caller, guid: string, documentGuid: string) {
      const application = await ownApplication(db, caller.profileId, guid);
      const { row } = await documentOf(db, application, documentGuid);
      const data = await storage.get(row.storage_key);
      if (!data) throw notFound();
      if (createHash('sha256').update(data).digest('hex') !== row.sha256)
        throw new Error(`stored document ${row.id} does not match its SHA-256`);
      return { row, data };
    },

    /** Completes SUPPORTING_DOCUMENTS when every required type has a file; else 400 naming each missing type. */
    async complete(caller: Caller, guid: string, applicantGuid: string): Promise<DocumentsCompleted> {
      return storeThen(caller, guid, undefined, async (trx, application) => {
        const applicant = await applicantOf(trx, application.id, applicantGuid);
        assertCanChange(application, applicant, caller.lang);
        const requirements = await requirementsOf(trx, application, applicant);
        const missing = missingTypes(requirements, await documentsRepository(trx).ofApplicant(applicant.id));
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
    },
  };
}
