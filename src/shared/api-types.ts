import type { ApiErrorBody } from './contract';

/**
 * The shapes of the API live in src/shared/contract; these names are kept for the modules that import them from
 * here. ApiResult is the browser request helper's own result.
 */
export type {
  ApiErrorBody,
  CaptureResultStatus,
  CaptureType,
  Country,
  EmailAction,
  FieldError,
  LoginResult,
  ResetCodeAccepted,
  RouteFrom,
  Setting,
  TokenInfo,
} from './contract';

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
  /** A successful file call's name for the file, from its Content-Disposition header, when it gives one. */
  fileName?: string;
}
