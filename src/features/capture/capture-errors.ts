import { ApiError } from '@/api/request';

/** The message of a failed call: the API's own words when it sent some. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.errorBody?.error ?? fallback) : fallback;
}
