import { createHash, randomBytes } from 'node:crypto';
import { CAPABILITY_PATTERN, CAPTURE_ERRORS, type CaptureSessionView } from '../../shared/contract';
import { verifyAccessToken } from '../accounts/public';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import type { Lifecycle } from '../lifecycle/public';
import type { ObjectStorage } from '../storage/object-storage';
import { captureTypeOf, type CaptureActor, type CaptureStatus } from './capture-flow';
import type { CaptureCaller } from './capture-call';
import type { FaceDetector } from './face-detector';
import type { MrzReader } from '../passport-mrz/reader';
import type { CaptureRepository } from './repository';
import type { CaptureSessionsTable } from './tables';
import type { RecheckPassport } from './upload';

/** What the jobs of photo capture work with, made once per app (routes.ts). */
export interface CaptureServiceOptions {
  db: Db;
  repository: CaptureRepository;
  config: AppConfig;
  storage: ObjectStorage;
  faceDetector?: FaceDetector;
  /** Reads the machine-readable zone of passport photos (the app's, made once). */
  mrzReader?: MrzReader;
  recheckPassport: RecheckPassport;
  /** The state machine's hooks (an accepted photo changes the application). */
  lifecycle: Lifecycle;
}

const CAPABILITY = new RegExp(CAPABILITY_PATTERN);
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

/** A session as its callers see it. */
export function sessionView(capture: AppConfig['capture'], session: CaptureSessionsTable): CaptureSessionView {
  const answer: CaptureSessionView = {
    status: session.status,
    captureType: captureTypeOf(session.status) ?? session.capture_type,
    attemptsLeft: Math.max(0, capture.maxAttempts - session.failed_attempts),
    expiresAt: session.expires_at,
  };
  if (session.error_code) answer.errorCode = session.error_code;
  if (session.retry_after) answer.retryAfter = session.retry_after;
  return answer;
}

/** The live session of an identifier: 404 when unknown, 410 when expired or replaced by a newer one. */
export async function findSession(
  repository: CaptureRepository,
  identifier: string,
  now: Date,
): Promise<CaptureSessionsTable> {
  const row = CAPABILITY.test(identifier) ? await repository.sessionByTokenHash(sha256(identifier)) : undefined;
  if (!row) throw new ApiError(404, CAPTURE_ERRORS.sessionNotFound, 'api:capture.sessionNotFound');
  if (row.replaced_at) throw new ApiError(410, CAPTURE_ERRORS.sessionReplaced, 'api:capture.sessionReplaced');
  if (now.toISOString() >= row.expires_at)
    throw new ApiError(410, CAPTURE_ERRORS.sessionExpired, 'api:capture.sessionExpired');
  return row;
}

/**
 * Who is calling: the signed-in owner (a valid bearer token of the account that started the session), or a
 * device holding the capability. A bearer token that is invalid or of another account counts as no sign-in:
 * a phone may carry an old or foreign session, and a 401 here would sign the owner out elsewhere.
 */
export async function actorOf(
  deps: Pick<CaptureServiceOptions, 'db' | 'config'>,
  caller: CaptureCaller,
  session: CaptureSessionsTable,
  now: Date,
) {
  if (caller.token) {
    const claims = await verifyAccessToken(deps.db, deps.config, caller.token, now);
    if (claims?.profileId === session.profile_id) return { actor: 'owner' as CaptureActor, deviceMatches: false };
  }
  const deviceToken =
    caller.deviceToken !== undefined && CAPABILITY.test(caller.deviceToken) ? caller.deviceToken : undefined;
  const deviceMatches =
    session.device_hash !== null && deviceToken !== undefined && sha256(deviceToken) === session.device_hash;
  return { actor: 'device' as CaptureActor, deviceMatches };
}

/** Once a phone has linked, the session answers no other device (the owner, signed in, still may). */
export function assertDevice(session: CaptureSessionsTable, caller: { actor: CaptureActor; deviceMatches: boolean }) {
  if (caller.actor === 'device' && session.device_hash !== null && !caller.deviceMatches) {
    throw new ApiError(409, CAPTURE_ERRORS.deviceMismatch, 'api:capture.deviceMismatch');
  }
}

export const invalidTransition = (lang: string, status: CaptureStatus) =>
  new ApiError(409, CAPTURE_ERRORS.invalidTransition, 'api:capture.invalidTransition', {
    vars: { status: translate(lang, `capture:status.${status}`) },
  });

/**
 * Moves a session on, only if nobody else moved it since it was read; a session changed meanwhile answers
 * INVALID_TRANSITION with its new status.
 */
export async function updateSession(
  repository: CaptureRepository,
  executor: Db,
  session: CaptureSessionsTable,
  changes: Partial<CaptureSessionsTable>,
  lang: string,
): Promise<CaptureSessionsTable> {
  if (!(await repository.updateSessionAsRead(session, changes, executor))) {
    throw invalidTransition(lang, (await repository.sessionStatus(session.id, executor)) ?? session.status);
  }
  return { ...session, ...changes };
}
