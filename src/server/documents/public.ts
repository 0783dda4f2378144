/**
 * What other areas of the server may use of supporting documents: the stored files that go when an application
 * or an applicant does, and the housekeeping of files no row names any more.
 */
export {
  deleteDocumentObjects,
  documentKeysOfApplicant,
  documentKeysOfApplication,
  removeOrphanedDocuments,
} from './objects';
export type { ApplicantDocumentsTable } from './tables';
