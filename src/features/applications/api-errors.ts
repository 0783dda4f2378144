import { ApiError } from '@/api/request';
import type { ApiErrorBody } from '@/shared/api-types';

/** The API's error body of a failed call, when it carried one. */
export function errorBodyOf(error: unknown): ApiErrorBody | undefined {
  return error instanceof ApiError ? error.errorBody : undefined;
}

/** The stable error code of a failed call (contract 11), if any. */
export function errorCodeOf(error: unknown): string | undefined {
  return errorBodyOf(error)?.code;
}
