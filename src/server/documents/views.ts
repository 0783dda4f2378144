import {
  DOCUMENT_CONTENT_TYPES,
  type ApplicantDocuments,
  type DocumentContentType,
  type DocumentFile,
} from '../../shared/contract';
import type { Requirement } from './requirements';
import type { ApplicantDocumentsTable } from './tables';

/** Answers built from rows: nothing here reads the database. */

export function documentView(row: ApplicantDocumentsTable): DocumentFile {
  return {
    documentIdentifier: row.id,
    documentType: row.document_type,
    fileName: row.file_name,
    contentType: row.content_type as DocumentContentType,
    sizeBytes: row.byte_size,
    sha256: row.sha256,
    uploadedAt: row.uploaded_at,
  };
}

/** The required types that have no file among `rows`. */
export function missingTypes(requirements: Requirement[], rows: ApplicantDocumentsTable[]): string[] {
  const given = new Set(rows.map((row) => row.document_type));
  return requirements.filter((r) => r.required && !given.has(r.documentType)).map((r) => r.documentType);
}

/**
 * An applicant's documents: each type that applies with its files, then (as optional) any type that no longer
 * applies but still has files, so they can be seen and removed; the other applicants' files not given for this
 * one yet, each stored file once.
 */
export function applicantDocumentsView(
  applicantId: string,
  requirements: Requirement[],
  rows: ApplicantDocumentsTable[],
  others: ApplicantDocumentsTable[],
  maxFileBytes: number,
): ApplicantDocuments {
  const listed = requirements.map((r) => ({ documentType: r.documentType, required: r.required }));
  // OTHER (always the last requirement) stays last.
  const other = listed.pop();
  for (const row of rows) {
    if (row.document_type !== other?.documentType && !listed.some((r) => r.documentType === row.document_type))
      listed.push({ documentType: row.document_type, required: false });
  }
  if (other) listed.push(other);
  const mine = new Set(rows.map((row) => row.storage_key));
  const seen = new Set<string>();
  const reusable = others.filter((row) => {
    if (mine.has(row.storage_key) || seen.has(row.storage_key)) return false;
    seen.add(row.storage_key);
    return true;
  });
  return {
    applicantIdentifier: applicantId,
    requirements: listed.map((r) => ({
      ...r,
      files: rows.filter((row) => row.document_type === r.documentType).map(documentView),
    })),
    reusable: reusable.map(documentView),
    complete: missingTypes(requirements, rows).length === 0,
    maxFileBytes,
    acceptedTypes: [...DOCUMENT_CONTENT_TYPES],
  };
}
