/** Shapes exchanged between the portal and the API (spec sections 3 and 7). */

/** Result of every call made by the request helper: every HTTP status is a result, never thrown. */
export interface ApiResult<T = unknown> {
  success: boolean;
  /** HTTP status, or 0 for a network failure. */
  status: number;
  data?: T;
  /** On failure: the response body (ApiErrorBody for our API), or the network error message. */
  error?: ApiErrorBody | string;
  /** True when the call was aborted by its time-out, or answered 408/504. */
  timedOut?: boolean;
}

/** One field-level validation problem, message already translated for the request's language. */
export interface FieldError {
  field: string;
  key: string;
  message: string;
}

/** Error body answered by the API for every non-2xx status. */
export interface ApiErrorBody {
  /** Translated, human-readable message. */
  error: string;
  /** Stable machine code, e.g. VALIDATION_FAILED, INVALID_CREDENTIALS, TOO_MANY_REQUESTS. */
  code: string;
  fields?: FieldError[];
}

/** A runtime setting from GET /envs. */
export interface Setting {
  key: string;
  value: string;
}

export interface TokenInfo {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken: string;
  /** Seconds. */
  refreshExpiresIn: number;
}

export interface LoginResult {
  tokenInfo: TokenInfo;
  profileIdentifier: string;
}

export type EmailAction = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

/** Answer of POST /api/eta/profile/verify to a password reset code (emailAction RESET_PASSWORD). */
export interface ResetCodeAccepted {
  message: string;
  /** A password reset key (1 hour, single use), taken by change-password and reset-password like the e-mailed link's. */
  authKey: string;
}
export type RouteFrom = 'web' | 'mobile';
export type CaptureType = 'biometrics' | 'passport';
export type CaptureResultStatus = 'success' | 'failure';

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  name: string;
  /** International dialling code without '+', when known. */
  callingCode?: string;
}
