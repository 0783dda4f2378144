import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApplicantDocuments, DocumentReuseBody } from '../../shared/contract';
import { applicantOf, ownApplication, type ApplicantsTable, type ApplicationsTable } from '../applications/public';
import type { Database } from '../db/schema';
import { completeDocuments, removeDocument, replaceDocument, reuseDocument, uploadDocument } from './changes';
import type { Caller, DocumentsDeps, Upload } from './deps';
import { documentFacts } from './facts';
import type { DocumentsRepository } from './repository';
import type { DocumentRules } from './requirements';
import { documentOf, notFound, requirementsOf } from './store';
import { applicantDocumentsView, missingTypes } from './views';

export { DOCUMENTS_STEP, type Caller, type DocumentsDeps, type Upload } from './deps';

/** Whether an applicant has a file of every type required of them (the documents step is complete). */
export async function documentsComplete(
  deps: { repository: DocumentsRepository; rules: DocumentRules },
  executor: Kysely<Database>,
  application: ApplicationsTable,
  applicant: ApplicantsTable,
): Promise<boolean> {
  const requirements = deps.rules.evaluate(await documentFacts(executor, application, applicant));
  return missingTypes(requirements, await deps.repository.ofApplicant(applicant.id, executor)).length === 0;
}

/** What the applicant is asked for, with the files given, and the files of others that can be given again. */
export async function listDocuments(
  deps: DocumentsDeps,
  caller: Caller,
  guid: string,
  applicantGuid: string,
): Promise<ApplicantDocuments> {
  const { db, repository } = deps;
  const application = await ownApplication(db, caller.profileId, guid);
  const applicant = await applicantOf(db, application.id, applicantGuid);
  // Independent reads, sent together rather than one after another (each waits for a pooled connection).
  const [requirements, files, reusable] = await Promise.all([
    requirementsOf(deps, db, application, applicant),
    repository.ofApplicant(applicant.id),
    repository.ofOtherApplicants(application.id, applicant.id),
  ]);
  return applicantDocumentsView(applicant.id, requirements, files, reusable, deps.maxFileBytes);
}

/** The stored bytes of a file, checked against the hash recorded when it was stored. */
export async function downloadDocument(deps: DocumentsDeps, caller: Caller, guid: string, documentGuid: string) {
  const application = await ownApplication(deps.db, caller.profileId, guid);
  const { row } = await documentOf(deps, deps.db, application, documentGuid);
  const data = await deps.storage.get(row.storage_key);
  if (!data) throw notFound();
  if (createHash('sha256').update(data).digest('hex') !== row.sha256)
    throw new Error(`stored document ${row.id} does not match its SHA-256`);
  return { row, data };
}

/** The calls the routes make, each bound to the app's dependencies. */
export function createDocumentsService(deps: DocumentsDeps) {
  return {
    list: (caller: Caller, guid: string, applicantGuid: string) => listDocuments(deps, caller, guid, applicantGuid),
    upload: (
      caller: Caller,
      guid: string,
      query: { applicantIdentifier: string; documentType: string },
      upload: Upload,
    ) => uploadDocument(deps, caller, guid, query, upload),
    replace: (caller: Caller, guid: string, documentGuid: string, upload: Upload) =>
      replaceDocument(deps, caller, guid, documentGuid, upload),
    reuse: (caller: Caller, guid: string, documentGuid: string, body: DocumentReuseBody) =>
      reuseDocument(deps, caller, guid, documentGuid, body),
    remove: (caller: Caller, guid: string, documentGuid: string) => removeDocument(deps, caller, guid, documentGuid),
    download: (caller: Caller, guid: string, documentGuid: string) =>
      downloadDocument(deps, caller, guid, documentGuid),
    complete: (caller: Caller, guid: string, applicantGuid: string) =>
      completeDocuments(deps, caller, guid, applicantGuid),
  };
}
