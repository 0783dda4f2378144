import type { DocumentErrorCode } from './documents';
import type { OutcomeErrorCode } from './outcomes';
import type { PaymentErrorCode } from './payments';
import type { StaffErrorCode } from './staff';

/**
 * The stable codes of the API's error answers (`{ error, code, fields? }`), grouped by the area that answers them.
 * The portal reads them to choose what to show; the OpenAPI description documents each one.
 */

/** Answers any call can give, whatever its area. */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validationFailed: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;

/** Answers given before a request reaches a route. */
export const REQUEST_ERROR_CODES = {
  uriTooLong: 'URI_TOO_LONG',
  requestTimeout: 'REQUEST_TIMEOUT',
  headersTooLarge: 'HEADERS_TOO_LARGE',
} as const;

/** Registration, sign-in, e-mail confirmation, passwords. */
export const ACCOUNT_ERRORS = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  verifyLinkInvalid: 'VERIFY_LINK_INVALID',
  codeInvalid: 'CODE_INVALID',
  codeAttemptsExceeded: 'CODE_ATTEMPTS_EXCEEDED',
  resetLinkInvalid: 'RESET_LINK_INVALID',
  refreshTokenInvalid: 'REFRESH_TOKEN_INVALID',
  currentPasswordInvalid: 'CURRENT_PASSWORD_INVALID',
} as const;

/** Applications, applicants and the answers of their forms. */
export const APPLICATION_ERRORS = {
  applicationNotFound: 'APPLICATION_NOT_FOUND',
  applicantNotFound: 'APPLICANT_NOT_FOUND',
  applicantLimitReached: 'APPLICANT_LIMIT_REACHED',
  accountHolderNotAllowed: 'ACCOUNT_HOLDER_NOT_ALLOWED',
  accountHolderRequired: 'ACCOUNT_HOLDER_REQUIRED',
  accountHolderAlreadyAdded: 'ACCOUNT_HOLDER_ALREADY_ADDED',
  applicationNotEditable: 'APPLICATION_NOT_EDITABLE',
  applicationNotDeletable: 'APPLICATION_NOT_DELETABLE',
  applicantNotEditable: 'APPLICANT_NOT_EDITABLE',
  formNotFound: 'FORM_NOT_FOUND',
  /** A call that belongs to a step the applicant has not reached yet. */
  stepNotReached: 'STEP_NOT_REACHED',
} as const;

/** Public forms and their submissions. */
export const SUBMISSION_ERRORS = {
  formNotFound: 'FORM_NOT_FOUND',
} as const;

/** The eligibility check of a passport (when an applicant is added or changed, and when its photo arrives). */
export const ELIGIBILITY_CODES = {
  countryNotWhitelisted: 'PASSPORT_COUNTRY_NOT_WHITELISTED',
  openApplicationExists: 'OPEN_APPLICATION_EXISTS',
  activeEtaVisaExists: 'ACTIVE_ETA_VISA_EXISTS',
  passportAlreadyInApplication: 'PASSPORT_ALREADY_IN_APPLICATION',
} as const;

/** Photo capture sessions; a refused photo answers one of IMAGE_ERROR_CODES instead. */
export const CAPTURE_ERRORS = {
  sessionNotFound: 'CAPTURE_SESSION_NOT_FOUND',
  sessionExpired: 'CAPTURE_SESSION_EXPIRED',
  sessionReplaced: 'CAPTURE_SESSION_REPLACED',
  invalidTransition: 'INVALID_TRANSITION',
  actionNotAllowed: 'CAPTURE_ACTION_NOT_ALLOWED',
  deviceMismatch: 'CAPTURE_DEVICE_MISMATCH',
  deviceNotLinked: 'CAPTURE_DEVICE_NOT_LINKED',
  cooldown: 'CAPTURE_COOLDOWN',
  notAvailable: 'CAPTURE_NOT_AVAILABLE',
  photoNotFound: 'PHOTO_NOT_FOUND',
} as const;

/** Why a photo was refused, in the order the checks run; each has a message in capture.json. */
export const IMAGE_ERROR_CODES = [
  'IMAGE_TOO_LARGE',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_UNREADABLE',
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_DARK',
  'IMAGE_TOO_BRIGHT',
  'IMAGE_BLURRED',
  'FACE_NOT_FOUND',
  'MULTIPLE_FACES',
  'FACE_TOO_SMALL',
  'MRZ_NOT_READ',
] as const;
export type ImageErrorCode = (typeof IMAGE_ERROR_CODES)[number];

type ValueOf<T> = T[keyof T];

/** Every code an error answer of the API can carry. */
export type ErrorCode =
  | ValueOf<typeof ERROR_CODES>
  | ValueOf<typeof REQUEST_ERROR_CODES>
  | ValueOf<typeof ACCOUNT_ERRORS>
  | ValueOf<typeof APPLICATION_ERRORS>
  | ValueOf<typeof SUBMISSION_ERRORS>
  | ValueOf<typeof ELIGIBILITY_CODES>
  | ValueOf<typeof CAPTURE_ERRORS>
  | ImageErrorCode
  | DocumentErrorCode
  | PaymentErrorCode
  | OutcomeErrorCode
  | StaffErrorCode;
