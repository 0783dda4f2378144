import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  CAPTURE_DEVICE_HEADER,
  CAPTURE_ERRORS,
  isBlockingStatus,
  type CaptureActionBody,
  type CaptureSessionView,
  type CaptureStatus,
  type CaptureType,
  type ErrorCode,
  type StartedCaptureSession,
} from '@/shared/contract';
import { queryKeys } from './query-keys';
import { ApiError, productRequest, unwrap, type CallOptions } from './request';
import { useRequestScope, type RequestScope } from './request-scope';

/** POST here starts a capture session; `${CAPTURE_STATUS_PATH}/{id}` follows (GET) and moves (POST) it. */
export const BIOMETRICS_PATH = API_PATHS.biometrics;
export const CAPTURE_STATUS_PATH = API_PATHS.captureSessionStatus;
export { CAPTURE_DEVICE_HEADER };
/** How often a page following a session asks for its status. */
export const CAPTURE_POLL_MS = 2000;

export type {
  BlockingStatus,
  CaptureAction,
  CaptureActionBody,
  CaptureSessionView,
  CaptureStatus,
  CaptureType,
  RouteFrom,
  StartedCaptureSession,
} from '@/shared/contract';
export { BLOCKING_STATUSES, isBlockingStatus } from '@/shared/contract';

/** Error codes of the session itself, as opposed to a photo's problems. */
export const SESSION_ERRORS = {
  notFound: CAPTURE_ERRORS.sessionNotFound,
  expired: CAPTURE_ERRORS.sessionExpired,
  replaced: CAPTURE_ERRORS.sessionReplaced,
} as const;

/** True for a status from which the session cannot move any more. */
export function isFinalStatus(status: CaptureStatus): boolean {
  return status === 'PASSPORT_CAPTURE_COMPLETE' || isBlockingStatus(status);
}

/** The photo a session status is about: selfie first, passport once the selfie is in. */
export function photoOf(view: Pick<CaptureSessionView, 'status' | 'captureType'>): CaptureType {
  if (view.status.startsWith('BIO_') && view.status !== 'BIO_CAPTURE_COMPLETE') return 'biometrics';
  if (view.status === 'BIO_CAPTURE_COMPLETE' || view.status.startsWith('PASSPORT_')) return 'passport';
  return view.captureType ?? 'biometrics';
}

// The device token is kept per tab (sessionStorage): it binds this phone's tab to the session and is useless
// once the session ends, so it must not outlive the tab.
const DEVICE_KEY_PREFIX = 'eta.captureDevice.';

/** The device token this tab received for a session, if any. */
export function getDeviceToken(sessionIdentifier: string): string | undefined {
  try {
    return sessionStorage.getItem(DEVICE_KEY_PREFIX + sessionIdentifier) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the device token LINK_PHONE answered for this tab. */
export function storeDeviceToken(sessionIdentifier: string, token: string): void {
  try {
    sessionStorage.setItem(DEVICE_KEY_PREFIX + sessionIdentifier, token);
  } catch {
    // Without storage the phone cannot prove it is the linked device on its next call; the API says so then.
  }
}

function deviceHeaders(sessionIdentifier: string): Record<string, string> | undefined {
  const token = getDeviceToken(sessionIdentifier);
  return token ? { [CAPTURE_DEVICE_HEADER]: token } : undefined;
}

const statusPath = (sessionIdentifier: string) => `${CAPTURE_STATUS_PATH}/${encodeURIComponent(sessionIdentifier)}`;

/** POST /api/eta/biometrics: a new session for one applicant (any older one of that applicant stops working). */
export async function startCaptureSession(
  body: { applicationIdentifier: string; applicantIdentifier: string },
  call: CallOptions = {},
): Promise<StartedCaptureSession> {
  return unwrap(
    await productRequest<StartedCaptureSession>({
      method: 'POST',
      path: BIOMETRICS_PATH,
      body,
      loading: true,
      ...call,
    }),
  );
}

/** GET capture-session-status: where the session stands. */
export async function getCaptureSession(
  sessionIdentifier: string,
  call: CallOptions = {},
): Promise<CaptureSessionView> {
  return unwrap(
    await productRequest<CaptureSessionView>({
      method: 'GET',
      path: statusPath(sessionIdentifier),
      headers: deviceHeaders(sessionIdentifier),
      ...call,
    }),
  );
}

/** POST capture-session-status: moves the session on; a device token answered by LINK_PHONE is kept. */
export async function postCaptureAction(
  sessionIdentifier: string,
  body: CaptureActionBody,
  call: CallOptions = {},
): Promise<CaptureSessionView> {
  const view = unwrap(
    await productRequest<CaptureSessionView>({
      method: 'POST',
      path: statusPath(sessionIdentifier),
      body,
      headers: deviceHeaders(sessionIdentifier),
      loading: true,
      ...call,
    }),
  );
  if (view.deviceToken) storeDeviceToken(sessionIdentifier, view.deviceToken);
  return view;
}

/** A photo (Blob or File) as a data: URL, the form UPLOAD_IMAGE takes. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** The image types the capture API takes, told by a photo's first bytes (a browser may name a phone's photo oddly). */
function imageTypeOf(bytes: Uint8Array, named: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
  return named || 'application/octet-stream';
}

/**
 * A photo (a file posted to the server by a form, or chosen in the browser) as the data: URL UPLOAD_IMAGE takes,
 * without FileReader (which the server has not): its bytes in base64, under the type its content shows.
 */
export async function fileToDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return `data:${imageTypeOf(bytes, file.type)};base64,${btoa(binary)}`;
}

/** The stable code of a failed capture call (a photo problem, a blocking status or a session problem). */
export function captureErrorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? (error.errorBody?.code as ErrorCode | undefined) : undefined;
}

/** The session status a refused capture call carried with its error (422 and 409 answers include it). */
export function captureErrorStatus(error: unknown): CaptureStatus | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const status = (error.body as { status?: unknown }).status;
  return typeof status === 'string' ? (status as CaptureStatus) : undefined;
}

/** True when the session can no longer be used (unknown, expired or replaced by a newer one). */
export function isSessionGone(error: unknown): boolean {
  const code = captureErrorCode(error);
  return code === SESSION_ERRORS.notFound || code === SESSION_ERRORS.expired || code === SESSION_ERRORS.replaced;
}

export interface CaptureSessionQueryOptions {
  /** Ask again every CAPTURE_POLL_MS until the session is final or gone (paused while the tab is hidden). */
  follow?: boolean;
}

/** A capture session's state (the query a page's loader and its hook share). */
export const captureSessionQuery = (sessionIdentifier: string, scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.captureSessions.status(sessionIdentifier),
    queryFn: ({ signal }) => getCaptureSession(sessionIdentifier, { signal, scope }),
  });

/** Follows a capture session; disabled without an identifier. */
export function useCaptureSession(sessionIdentifier: string | undefined, options: CaptureSessionQueryOptions = {}) {
  return useQuery({
    ...captureSessionQuery(sessionIdentifier ?? '', useRequestScope()),
    enabled: Boolean(sessionIdentifier),
    refetchInterval: (query) => {
      if (!options.follow) return false;
      // A lost connection or a server hiccup is worth another try; an answer about the session is not.
      const error = query.state.error;
      if (error && !(error instanceof ApiError && (error.status === 0 || error.status >= 500))) return false;
      const data = query.state.data;
      return data && isFinalStatus(data.status) ? false : CAPTURE_POLL_MS;
    },
    refetchIntervalInBackground: false,
    // Every answer of this API carries an error body, shown on the page; a lost connection is shown there too.
    throwOnError: false,
  });
}

/** Starts a session for an applicant. */
export function useStartCaptureSession() {
  return useMutation({
    mutationFn: (body: Parameters<typeof startCaptureSession>[0]) => startCaptureSession(body),
    throwOnError: false,
  });
}

/** Moves a session on; the answer replaces the followed status at once. */
export function useCaptureAction(sessionIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaptureActionBody) => postCaptureAction(sessionIdentifier, body),
    throwOnError: false,
    onSuccess: (view) => {
      const status: CaptureSessionView = { ...view };
      delete status.deviceToken;
      queryClient.setQueryData(queryKeys.captureSessions.status(sessionIdentifier), status);
      if (view.status === 'PASSPORT_CAPTURE_COMPLETE')
        void queryClient.invalidateQueries({ queryKey: queryKeys.applications.all });
    },
    onError: (error) => {
      const status = captureErrorStatus(error);
      if (status) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.captureSessions.status(sessionIdentifier) });
      }
    },
  });
}
