import type { ApiErrorBody, FieldError } from '../shared/api-types';
import { translate } from './i18n';

/** Stable codes answered by the foundation; areas add their own (INVALID_CREDENTIALS, ...). */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;

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
    readonly code: string,
    readonly messageKey: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(`${code} (${messageKey})`);
    this.name = 'ApiError';
  }
}

/** Builds the error body of contract 11 in `lang`. */
export function errorBody(
  lang: string,
  code: string,
  messageKey: string,
  vars?: Record<string, unknown>,
): ApiErrorBody {
  return { error: translate(lang, messageKey, vars), code };
}
