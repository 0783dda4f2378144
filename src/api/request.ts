import i18next from 'i18next';
import type { ApiErrorBody, ApiResult } from '@/shared/api-types';
import { getAccessToken } from './auth/tokens';
import { beginLoading } from './loading';
import type { RequestScope } from './request-scope';
import { FALLBACK_LANGUAGE } from '@/shared/languages';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method: HttpMethod;
  /** Path below the API base (API_URL), e.g. `/api/eta/profile`. */
  path: string;
  /** Sent as JSON, except FormData/Blob/URLSearchParams which are sent as they are. */
  body?: unknown;
  /** Added to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Default 60000 ms; `productRequest` uses 90000 ms. */
  timeoutMs?: number;
  /** 'blob' for file downloads (the PDF calls); the error body of a failed blob call is still read as JSON. */
  responseType?: 'json' | 'blob';
  /** Send the access token (default true). */
  auth?: boolean;
  /** Count this call in the loading indicator (default false). */
  loading?: boolean;
  /** Cancels the call, e.g. react-query's signal; a cancelled call is a status-0 result without `timedOut`. */
  signal?: AbortSignal;
  /** Extra headers for one call (e.g. a linked phone's capture device token); they cannot replace Authorization. */
  headers?: Record<string, string>;
  /**
   * The request the server is rendering a page for (src/api/request-scope.ts): the call then reaches the API in the
   * server's own process, with that visitor's session and language. Left out in the browser.
   */
  scope?: RequestScope;
}

/**
 * How one of the API helpers' calls is made: cancelled by `signal` (react-query's); on the server, for the request of
 * `scope` (see RequestOptions). The helpers take it last and hand it on to the request helper.
 */
export type CallOptions = Pick<RequestOptions, 'signal' | 'scope'>;

export const DEFAULT_TIMEOUT_MS = 60_000;
export const PRODUCT_TIMEOUT_MS = 90_000;
/** Statuses that mean the server or a proxy gave up waiting. */
export const TIMEOUT_STATUSES: readonly number[] = [408, 504];

/** Success is 200 <= status < 202, so 202-299 are failures on purpose. */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 202;
}

/** Where the browser calls the API: the API_URL runtime setting, given by the browser's entry at start (setApiBase). */
let apiBase = '';

/** Sets where the browser calls the API (the API_URL runtime setting; "" for the origin that served the page). */
export function setApiBase(url: string): void {
  apiBase = url.replace(/\/+$/, '');
}

/** Builds the absolute request URL from API_URL, the path and the query (on the server, with `scope`: by path). */
export function buildUrl(path: string, query?: Record<string, QueryValue>, scope?: RequestScope): string {
  // On the server the API is called in its own process, by path.
  const base = /^https?:\/\//.test(path) || scope ? '' : apiBase;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
}

function currentLanguage(scope: RequestScope | undefined): string {
  return scope?.language || i18next.resolvedLanguage || i18next.language || FALLBACK_LANGUAGE;
}

/**
 * The headers every call to the API carries: what it accepts, the language on screen (the API answers its
 * messages in it) and, unless `auth` is false, the access token. The upload calls, which cannot use fetch, send
 * the same.
 */
export function apiHeaders(
  options: {
    accept?: string;
    auth?: boolean;
    headers?: Record<string, string>;
    /** The server's request the call is made for: its language and session (see RequestOptions). */
    scope?: RequestScope;
  } = {},
): Headers {
  const { scope } = options;
  const headers = new Headers({
    Accept: options.accept ?? 'application/json',
    'Accept-Language': currentLanguage(scope),
  });
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (name.toLowerCase() !== 'authorization') headers.set(name, value);
  }
  if (options.auth !== false) {
    const token = scope ? scope.accessToken : getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  return headers;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The file name a Content-Disposition header gives: RFC 6266's UTF-8 `filename*` first (names in any script),
 * else the plain `filename`; undefined when it names none.
 */
export function attachmentFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A badly encoded name: fall back to the plain one.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
}

/** Set while a call that later calls depend on is under way (see `holdCallsUntil`). */
let heldUntil: Promise<void> | undefined;

/**
 * Makes every call started from now on wait until `done` settles (whether it succeeds or not): the API answers a
 * signed-in user in the profile's saved language, so after a switch of language the calls that follow must
 * reach the API after the new language is saved, not overtake the save. Calls already under way go on.
 */
export function holdCallsUntil(done: Promise<unknown>): void {
  const settled = done.then(
    () => undefined,
    () => undefined,
  );
  heldUntil = settled;
  void settled.then(() => {
    if (heldUntil === settled) heldUntil = undefined;
  });
}

/**
 * The one request helper: every HTTP status is a result, never thrown; success when
 * 200 <= status < 202; on failure `error` is the response body; a network failure is status 0 with its
 * message; a time-out (abort by the timer, 408 or 504) also sets `timedOut`.
 */
export async function request<T = unknown>(options: RequestOptions): Promise<ApiResult<T>> {
  if (heldUntil) await heldUntil;
  const { method, path, body, query, scope, timeoutMs = DEFAULT_TIMEOUT_MS, responseType = 'json' } = options;
  const headers = apiHeaders({
    accept: responseType === 'blob' ? '*/*' : 'application/json',
    auth: options.auth,
    headers: options.headers,
    scope,
  });
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      payload = body;
    } else {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  const endLoading = options.loading ? beginLoading() : undefined;

  try {
    const send = scope?.fetch ?? fetch;
    const response = await send(buildUrl(path, query, scope), {
      method,
      headers,
      body: payload,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const status = response.status;
    const isTimeoutStatus = TIMEOUT_STATUSES.includes(status);
    if (isSuccessStatus(status)) {
      if (responseType === 'blob') {
        const fileName = attachmentFileName(response.headers.get('Content-Disposition'));
        return { success: true, status, data: (await response.blob()) as T, ...(fileName ? { fileName } : {}) };
      }
      return { success: true, status, data: (await readBody(response)) as T };
    }
    const error = (await readBody(response)) as ApiErrorBody | string | undefined;
    return {
      success: false,
      status,
      error: error ?? response.statusText,
      ...(isTimeoutStatus ? { timedOut: true } : {}),
    };
  } catch (cause) {
    if (timedOut) {
      return { success: false, status: 0, error: `Request aborted after ${timeoutMs} ms`, timedOut: true };
    }
    return { success: false, status: 0, error: cause instanceof Error ? cause.message : String(cause) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    endLoading?.();
  }
}

/** A product call (the `/api/eta/*` calls): the same helper with the 90000 ms time-out. */
export function productRequest<T = unknown>(options: RequestOptions): Promise<ApiResult<T>> {
  return request<T>({ timeoutMs: PRODUCT_TIMEOUT_MS, ...options });
}

/** A failed ApiResult as an Error, so react-query and error boundaries can carry it. */
export class ApiError extends Error {
  readonly status: number;
  readonly timedOut: boolean;
  /** The response body (ApiErrorBody for our API) or the network error message. */
  readonly body: ApiErrorBody | string | undefined;

  constructor(result: ApiResult<unknown>) {
    const body = result.error;
    super(
      typeof body === 'object' && body !== null && typeof body.error === 'string'
        ? body.error
        : `HTTP ${result.status}`,
    );
    this.name = 'ApiError';
    this.status = result.status;
    this.timedOut = result.timedOut === true;
    this.body = body;
  }

  /** The API's error body, when the response carried one with an `error` field. */
  get errorBody(): ApiErrorBody | undefined {
    const body = this.body;
    return typeof body === 'object' && body !== null && typeof body.error === 'string' ? body : undefined;
  }
}

/** The data of a successful result; throws ApiError otherwise (for react-query query and mutation functions). */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.success) return result.data as T;
  throw new ApiError(result);
}
