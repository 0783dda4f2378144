import { ApiError } from '@/api/request';
import type { FieldError } from '@/shared/api-types';

/** The message of a failed call: the API's own words (already in the user's language) when it sent some. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.errorBody?.error ?? fallback) : fallback;
}

/** The API's code of a failed call, if it sent one. */
export function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.errorBody?.code : undefined;
}

/**
 * The messages of a refused completion, by document type. The API names each missing type as the field
 * (`PASSPORT_COPY`, or a path ending in it such as `documents.PASSPORT_COPY`).
 */
export function missingByType(error: unknown): Record<string, string> {
  const fields: readonly FieldError[] = error instanceof ApiError ? (error.errorBody?.fields ?? []) : [];
  const result: Record<string, string> = {};
  for (const field of fields) {
    const type = field.field
      .split(/[.[\]/]/)
      .filter(Boolean)
      .at(-1);
    if (type && !(type in result)) result[type] = field.message;
  }
  return result;
}
