import { ApiError } from '@/api/request';
import type { ErrorCode } from '@/shared/contract';
import type { ApiErrorBody } from '@/shared/api-types';

/** The API's error body of a failed call, when it carried one. */
export function errorBodyOf(error: unknown): ApiErrorBody | undefined {
  return error instanceof ApiError ? error.errorBody : undefined;
}

/** The stable error code of a failed call (one of the API contract's codes), if any. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  return errorBodyOf(error)?.code as ErrorCode | undefined;
}

/** The HTTP status of a failed call (0 for a network failure). */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
