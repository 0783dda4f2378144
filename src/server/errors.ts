import type { ApiErrorBody, ErrorCode, FieldError } from '../shared/contract';
import { translate } from './i18n';

export interface ApiErrorOptions {
  /** Interpolation values for the message. */
  vars?: Record<string, unknown>;
  /** Sets Retry-After (seconds), for 429 and 503 answers. */
  retryAfterSeconds?: number;
  fields?: FieldError[];
}

/**
 * Thrown by a route to answer `{ error, code, fields? }` with `status`; the error handler translates
 * `messageKey` ("api:...") into the request's language. Throw it instead of building error bodies by hand.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(`${code} (${messageKey})`);
    this.name = 'ApiError';
  }
}

/** Builds the error body `{ error, code }` in `lang`. */
export function errorBody(
  lang: string,
  code: ErrorCode,
  messageKey: string,
  vars?: Record<string, unknown>,
): ApiErrorBody {
  return { error: translate(lang, messageKey, vars), code };
}
