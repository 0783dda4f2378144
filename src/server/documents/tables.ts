/**
 * The table of supporting documents, added to the shared `Database` interface. Portable types only: timestamps
 * ISO-8601 UTC text, ids text UUIDs. Several rows may name one stored object (a file given again for another
 * applicant of the same application); the object goes when the last row naming it does.
 */
export interface ApplicantDocumentsTable {
  id: string;
  application_id: string;
  applicant_id: string;
  /** A type of schemas/documents.rules.json, or OTHER. */
  document_type: string;
  /** The name the file was chosen with, cleaned, for display only. */
  file_name: string;
  /** What the server found in the content: application/pdf, image/jpeg or image/png. */
  content_type: string;
  byte_size: number;
  /** SHA-256 of the stored bytes, hex. */
  sha256: string;
  storage_key: string;
  created_at: string;
  /** When the file was uploaded (or replaced; a reused file keeps its upload time). */
  uploaded_at: string;
}

declare module '../db/schema' {
  interface Database {
    applicant_documents: ApplicantDocumentsTable;
  }
}
