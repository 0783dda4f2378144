/**
 * Tables of photo capture, added to the shared `Database` interface. Portable types only: timestamps
 * ISO-8601 UTC text, ids text UUIDs.
 */
import type { CaptureStatus, CaptureType, PhotoType } from '../../shared/contract';

/** One capture session: a selfie then a passport page for one applicant, reached through a capability. */
export interface CaptureSessionsTable {
  id: string;
  /** SHA-256 (hex) of the session identifier handed out; the identifier itself is never stored. */
  token_hash: string;
  applicant_id: string;
  /** The account that started it (owner of the application). */
  profile_id: string;
  status: CaptureStatus;
  /** The photo being taken now: biometrics (selfie) until it is accepted, then passport. */
  capture_type: CaptureType;
  /** Rejected photos in the current capture; starts again at 0 for the passport page. */
  failed_attempts: number;
  /** Why the last photo was rejected, or the blocking outcome. */
  error_code: string | null;
  /** SHA-256 (hex) of the token of the phone that linked, once one has. */
  device_hash: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
  /** Set when a newer session for the same applicant took over. */
  replaced_at: string | null;
  /** After CAPTURE_RETRIES_EXCEEDED: no new session for the applicant before this time. */
  retry_after: string | null;
}

export type { PhotoType };

/** The accepted photo of each type for an applicant; the bytes live in object storage under `storage_key`. */
export interface ApplicantPhotosTable {
  applicant_id: string;
  photo_type: PhotoType;
  storage_key: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  session_id: string;
  created_at: string;
}

/**
 * What the machine-readable zone of an applicant's accepted passport photo says (passport-mrz/read.ts), replaced
 * with the photo. `read` is 1 only when the two lines were read and every check digit holds; the fields are then
 * the passport's (dates YYYY-MM-DD, names as the MRZ writes them, parts separated by spaces).
 */
export interface PassportReadingsTable {
  applicant_id: string;
  read: number;
  check_digits_valid: number;
  document_number: string | null;
  issuing_country: string | null;
  nationality: string | null;
  date_of_birth: string | null;
  date_of_expiry: string | null;
  sex: string | null;
  surname: string | null;
  given_names: string | null;
  /** Why it was not read (NOT_FOUND, UNSURE, UNREADABLE_IMAGE), when it was not. */
  problem: string | null;
  read_at: string;
}

declare module '../db/schema' {
  interface Database {
    capture_sessions: CaptureSessionsTable;
    applicant_photos: ApplicantPhotosTable;
    passport_readings: PassportReadingsTable;
  }
}
