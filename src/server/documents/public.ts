/**
 * What other areas of the server may use of supporting documents: an applicant's facts and uploaded types (for
 * the decision rules), the stored files that go when an application
 * or an applicant does, and the housekeeping of files no row names any more.
 */
export {
  deleteDocumentObjects,
  documentKeysOfApplicant,
  documentKeysOfApplication,
  removeOrphanedDocuments,
} from './objects';
export { documentFacts, uploadedDocumentTypes } from './facts';
export type { ApplicantDocumentsTable } from './tables';
