/** The values the API and the portal exchange, each list declared once. */

export const APPLICATION_TYPES = ['ETA', 'ETA_SECTION_11_1'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** Who an application is for: only the account holder, the account holder and others, or others only. */
export const APPLYING_FOR = ['SELF', 'SELF_AND_OTHERS', 'OTHERS'] as const;
export type ApplyingFor = (typeof APPLYING_FOR)[number];

export const APPLICATION_STATUSES = ['IN_PROGRESS', 'SUBMITTED', 'CANCELLED', 'COMPLETE'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The outcome of one applicant. */
export const APPLICANT_STATUSES = [
  'NOT_SUBMITTED',
  'SUBMITTED',
  'REJECTED',
  'APPROVED',
  'EXPIRED',
  'CANCELLED',
] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];

/**
 * A step of the applicant's journey. The steps are configuration, the route manifest's `steps`
 * (schemas/routes.manifest.json), so their names are not a list of the code.
 */
export type Step = string;

/** Task-list state of one step for one applicant. */
export const STEP_STATES = ['COMPLETED', 'IN_PROGRESS', 'CANNOT_START_YET'] as const;
export type StepState = (typeof STEP_STATES)[number];

/** What resume answers as the step of an application without applicants: its applicants page comes first. */
export const MANAGE_APPLICANTS = 'MANAGE_APPLICANTS';

/** The photos kept per applicant. */
export const PHOTO_TYPES = ['SELFIE', 'PASSPORT_PHOTO'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** What is being photographed: the traveller's face (a selfie) or the passport's data page. */
export const CAPTURE_TYPES = ['biometrics', 'passport'] as const;
export type CaptureType = (typeof CAPTURE_TYPES)[number];

/** Where a capture page was opened from (the specification's `routeFrom`). */
export const ROUTE_FROM = ['web', 'mobile'] as const;
export type RouteFrom = (typeof ROUTE_FROM)[number];

/** The outcome a capture result page shows. */
export const CAPTURE_RESULT_STATUSES = ['success', 'failure'] as const;
export type CaptureResultStatus = (typeof CAPTURE_RESULT_STATUSES)[number];

/** Outcomes that end a capture session without photos: each has its own explanation and next step (capture.json). */
export const BLOCKING_STATUSES = [
  'CAPTURE_RETRIES_EXCEEDED',
  'PASSPORT_COUNTRY_NOT_WHITELISTED',
  'OPEN_APPLICATION_EXISTS',
  'ACTIVE_ETA_VISA_EXISTS',
] as const;
export type BlockingStatus = (typeof BLOCKING_STATUSES)[number];

/** Statuses of a capture session, in the specification's words. */
export const CAPTURE_STATUSES = [
  'BIO_LINKING_PHONE',
  'BIO_PHONE_LINKED',
  'BIO_CAPTURE_STARTED',
  'BIO_CAPTURE_COMPLETE',
  'PASSPORT_LINKING_PHONE',
  'PASSPORT_PHONE_LINKED',
  'PASSPORT_CAPTURE_STARTED',
  'PASSPORT_CAPTURE_COMPLETE',
  ...BLOCKING_STATUSES,
] as const;
export type CaptureStatus = (typeof CAPTURE_STATUSES)[number];

/** True for the blocking outcomes. */
export function isBlockingStatus(status: string): status is BlockingStatus {
  return (BLOCKING_STATUSES as readonly string[]).includes(status);
}

/** What a caller asks of a capture session (body field `action`). */
export const CAPTURE_ACTIONS = ['LINK_PHONE', 'REQUEST_PHONE_LINK', 'START_CAPTURE', 'UPLOAD_IMAGE'] as const;
export type CaptureAction = (typeof CAPTURE_ACTIONS)[number];

/** What an e-mailed link or code is for. */
export const EMAIL_ACTIONS = ['VERIFY_EMAIL', 'RESET_PASSWORD'] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];
