import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { ApiError, productRequest, unwrap } from './request';

/** POST here starts a capture session; `${CAPTURE_STATUS_PATH}/{id}` follows (GET) and moves (POST) it. */
export const BIOMETRICS_PATH = '/api/eta/biometrics';
export const CAPTURE_STATUS_PATH = `${BIOMETRICS_PATH}/capture-session-status`;
/** Header in which a linked phone sends back the device token LINK_PHONE gave it. */
export const CAPTURE_DEVICE_HEADER = 'X-Capture-Device';
/** How often a page following a session asks for its status. */
export const CAPTURE_POLL_MS = 2000;

export type CaptureType = 'biometrics' | 'passport';
export type RouteFrom = 'web' | 'mobile';
export type CaptureAction = 'LINK_PHONE' | 'REQUEST_PHONE_LINK' | 'START_CAPTURE' | 'UPLOAD_IMAGE';

/** Outcomes that end a session without photos, each with its own explanation (capture.json `blocked`). */
export const BLOCKING_STATUSES = [
  'CAPTURE_RETRIES_EXCEEDED',
  'PASSPORT_COUNTRY_NOT_WHITELISTED',
  'OPEN_APPLICATION_EXISTS',
  'ACTIVE_ETA_VISA_EXISTS',
] as const;
export type BlockingStatus = (typeof BLOCKING_STATUSES)[number];

export type CaptureStatus =
  | 'BIO_LINKING_PHONE'
  | 'BIO_PHONE_LINKED'
  | 'BIO_CAPTURE_STARTED'
  | 'BIO_CAPTURE_COMPLETE'
  | 'PASSPORT_LINKING_PHONE'
  | 'PASSPORT_PHONE_LINKED'
  | 'PASSPORT_CAPTURE_STARTED'
  | 'PASSPORT_CAPTURE_COMPLETE'
  | BlockingStatus;

/** Where a session stands, as GET and POST capture-session-status answer it. */
export interface CaptureSessionView {
  status: CaptureStatus;
  captureType?: CaptureType;
  attemptsLeft: number;
  expiresAt: string;
  errorCode?: string;
  retryAfter?: string;
  /** Only in the answer to the LINK_PHONE of a phone that is not signed in. */
  deviceToken?: string;
}

export interface StartedCaptureSession {
  sessionIdentifier: string;
  status: CaptureStatus;
  expiresAt: string;
}

export interface CaptureActionBody {
  action: CaptureAction;
  captureType?: CaptureType;
  /** UPLOAD_IMAGE only: the photo as base64, optionally as a data: URL. */
  image?: string;
}

/** Error codes of the session itself (contract 11), as opposed to a photo's problems. */
export const SESSION_ERRORS = {
  notFound: 'CAPTURE_SESSION_NOT_FOUND',
  expired: 'CAPTURE_SESSION_EXPIRED',
  replaced: 'CAPTURE_SESSION_REPLACED',
} as const;

/** True for a status from which the session cannot move any more. */
export function isFinalStatus(status: CaptureStatus): boolean {
  return status === 'PASSPORT_CAPTURE_COMPLETE' || isBlockingStatus(status);
}

/** True for the four blocking outcomes. */
export function isBlockingStatus(status: string): status is BlockingStatus {
  return (BLOCKING_STATUSES as readonly string[]).includes(status);
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
export async function startCaptureSession(body: {
  applicationIdentifier: string;
  applicantIdentifier: string;
}): Promise<StartedCaptureSession> {
  return unwrap(
    await productRequest<StartedCaptureSession>({ method: 'POST', path: BIOMETRICS_PATH, body, loading: true }),
  );
}

/** GET capture-session-status: where the session stands. */
export async function getCaptureSession(sessionIdentifier: string, signal?: AbortSignal): Promise<CaptureSessionView> {
  return unwrap(
    await productRequest<CaptureSessionView>({
      method: 'GET',
      path: statusPath(sessionIdentifier),
      headers: deviceHeaders(sessionIdentifier),
      signal,
    }),
  );
}

/** POST capture-session-status: moves the session on; a device token answered by LINK_PHONE is kept. */
export async function postCaptureAction(
  sessionIdentifier: string,
  body: CaptureActionBody,
): Promise<CaptureSessionView> {
  const view = unwrap(
    await productRequest<CaptureSessionView>({
      method: 'POST',
      path: statusPath(sessionIdentifier),
      body,
      headers: deviceHeaders(sessionIdentifier),
      loading: true,
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

/** The stable code of a failed capture call (a photo problem, a blocking status or a session problem). */
export function captureErrorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.errorBody?.code : undefined;
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

/** Follows a capture session; disabled without an identifier. */
export function useCaptureSession(sessionIdentifier: string | undefined, options: CaptureSessionQueryOptions = {}) {
  return useQuery({
    queryKey: queryKeys.captureSessions.status(sessionIdentifier ?? ''),
    queryFn: ({ signal }) => getCaptureSession(sessionIdentifier ?? '', signal),
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
  return useMutation({ mutationFn: startCaptureSession, throwOnError: false });
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
