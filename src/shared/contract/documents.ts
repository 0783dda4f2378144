import type { FromSchema } from 'json-schema-to-ts';
import { UUID_PATTERN } from './ids';
import { API_PATHS } from './paths';
import { closedObject } from './closed-object';

/**
 * What the supporting-document calls answer and take (step SUPPORTING_DOCUMENTS). Which documents an applicant must
 * give comes from schemas/documents.rules.json; a document type is an UPPER_SNAKE id with its texts at
 * `documents:types.<TYPE>.label` and `.hint`. OTHER is always allowed and never required.
 */

/** A document type id as the rules file names them. */
export const DOCUMENT_TYPE_PATTERN = '^[A-Z][A-Z0-9_]*$';

/** The optional extra document any applicant may add. */
export const OTHER_DOCUMENT_TYPE = 'OTHER';

/** The only file types accepted, decided from the file's content. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** The name of the multipart part that carries the file on upload and replace. */
export const DOCUMENT_FILE_FIELD = 'file';

/** Why a file or a completion was refused; each has a message at `documents:api.<code>`. */
export const DOCUMENT_ERRORS = {
  fileMissing: 'DOCUMENT_FILE_MISSING',
  wrongType: 'DOCUMENT_WRONG_TYPE',
  tooBig: 'DOCUMENT_TOO_BIG',
  empty: 'DOCUMENT_EMPTY',
  passwordProtected: 'DOCUMENT_PASSWORD_PROTECTED',
  activeContent: 'DOCUMENT_ACTIVE_CONTENT',
  /** A PDF of more pages than the server accepts (500); the message names the number. */
  tooManyPages: 'DOCUMENT_TOO_MANY_PAGES',
  unreadable: 'DOCUMENT_UNREADABLE',
  virus: 'DOCUMENT_VIRUS',
  /** The scanner could not be reached: nothing is stored, try again later (503). */
  scanUnavailable: 'DOCUMENT_SCAN_UNAVAILABLE',
  /** A document type that the rules file does not name (nor OTHER). */
  typeUnknown: 'DOCUMENT_TYPE_UNKNOWN',
  documentNotFound: 'DOCUMENT_NOT_FOUND',
  /** POST documents/complete while a required type has no file; `fields` names each type. */
  missing: 'DOCUMENTS_MISSING',
} as const;
export type DocumentErrorCode = (typeof DOCUMENT_ERRORS)[keyof typeof DOCUMENT_ERRORS];

const uuid = { type: 'string', format: 'uuid' } as const;
const documentType = { type: 'string', pattern: DOCUMENT_TYPE_PATTERN } as const;

/** One stored file of one applicant. */
export const documentFileSchema = {
  type: 'object',
  description: 'One stored file of one applicant.',
  additionalProperties: false,
  required: ['documentIdentifier', 'documentType', 'fileName', 'contentType', 'sizeBytes', 'sha256', 'uploadedAt'],
  properties: {
    documentIdentifier: uuid,
    documentType,
    fileName: {
      type: 'string',
      description: 'The name the file was chosen with, for display only (no folders, no control characters).',
    },
    contentType: {
      type: 'string',
      enum: DOCUMENT_CONTENT_TYPES,
      description: "What the server found in the file's content (images are re-encoded without their metadata).",
    },
    sizeBytes: { type: 'integer', minimum: 1, description: 'Size of the stored file.' },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the stored file, hex.' },
    uploadedAt: { type: 'string', format: 'date-time' },
  },
} as const;
export type DocumentFile = FromSchema<typeof documentFileSchema>;

/** One document type the applicant is asked for, with the files given for it. */
export const documentRequirementSchema = closedObject({
  documentType,
  required: { type: 'boolean', description: 'False for documents that may be given (OTHER is always listed last).' },
  files: { type: 'array', items: documentFileSchema },
});
export type DocumentRequirement = FromSchema<typeof documentRequirementSchema>;

/** The answer of GET applications/{guid}/documents?applicantIdentifier=. */
export const applicantDocumentsSchema = closedObject({
  applicantIdentifier: uuid,
  requirements: { type: 'array', items: documentRequirementSchema },
  reusable: {
    type: 'array',
    items: documentFileSchema,
    description:
      'Files uploaded earlier in this application for other applicants, which can be given again without uploading (POST documents/{documentGuid}/reuse).',
  },
  complete: { type: 'boolean', description: 'Every required document type has at least one file.' },
  maxFileBytes: { type: 'integer', minimum: 1, description: 'Largest file accepted.' },
  acceptedTypes: { type: 'array', items: { type: 'string', enum: DOCUMENT_CONTENT_TYPES } },
});
export type ApplicantDocuments = FromSchema<typeof applicantDocumentsSchema>;

// ------------------------------------------------------------------ request bodies and query strings

const applicantIdentifier = {
  type: 'string',
  pattern: UUID_PATTERN,
  errorMessage: 'applications:validation.applicantIdentifierInvalid',
  description: 'An applicant of the application.',
} as const;
const documentTypeInput = {
  type: 'string',
  pattern: DOCUMENT_TYPE_PATTERN,
  maxLength: 100,
  errorMessage: 'documents:api.DOCUMENT_TYPE_UNKNOWN',
  description: 'A document type of schemas/documents.rules.json, or OTHER.',
} as const;

/** The whole query or body of the calls that name only the applicant. */
const applicantOnlySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['applicantIdentifier'],
  properties: { applicantIdentifier },
  errorMessage: { required: { applicantIdentifier: 'applications:validation.applicantIdentifierInvalid' } },
} as const;

/** The whole query or body of the calls that give a file for an applicant as one document type. */
const applicantDocumentTypeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['applicantIdentifier', 'documentType'],
  properties: { applicantIdentifier, documentType: documentTypeInput },
  errorMessage: {
    required: {
      applicantIdentifier: 'applications:validation.applicantIdentifierInvalid',
      documentType: 'documents:api.DOCUMENT_TYPE_UNKNOWN',
    },
  },
} as const;

/** The query of GET applications/{guid}/documents. */
export const documentsQuerySchema = { ...applicantOnlySchema } as const;
export type DocumentsQuery = FromSchema<typeof documentsQuerySchema>;

/** The query of POST applications/{guid}/documents (the file itself is the multipart part `file`). */
export const documentUploadQuerySchema = { ...applicantDocumentTypeSchema } as const;
export type DocumentUploadQuery = FromSchema<typeof documentUploadQuerySchema>;

/** The body of POST applications/{guid}/documents/{documentGuid}/reuse. */
export const documentReuseBodySchema = { ...applicantDocumentTypeSchema } as const;
export type DocumentReuseBody = FromSchema<typeof documentReuseBodySchema>;

/** The body of POST applications/{guid}/documents/complete. */
export const documentsCompleteBodySchema = { ...applicantOnlySchema } as const;
export type DocumentsCompleteBody = FromSchema<typeof documentsCompleteBodySchema>;

/** The answer of POST documents/complete: the applicant's step after SUPPORTING_DOCUMENTS. */
export const documentsCompletedSchema = closedObject({
  applicationIdentifier: uuid,
  applicantIdentifier: uuid,
  step: { type: 'string', 'x-journey-step': true, description: "The applicant's furthest step afterwards." },
});
export type DocumentsCompleted = FromSchema<typeof documentsCompletedSchema>;

/** Where the calls live, under an application (`{guid}`). */
export const documentPaths = {
  list: (applicationIdentifier: string) => `${API_PATHS.applications}/${applicationIdentifier}/documents`,
  one: (applicationIdentifier: string, documentIdentifier: string) =>
    `${API_PATHS.applications}/${applicationIdentifier}/documents/${documentIdentifier}`,
  reuse: (applicationIdentifier: string, documentIdentifier: string) =>
    `${API_PATHS.applications}/${applicationIdentifier}/documents/${documentIdentifier}/reuse`,
  complete: (applicationIdentifier: string) => `${API_PATHS.applications}/${applicationIdentifier}/documents/complete`,
} as const;
