import {
  APPLICATION_ERRORS,
  CAPTURE_ERRORS,
  isUuid,
  type CaptureActionBody,
  type CaptureSessionRequest,
  type CaptureSessionView,
  type StartedCaptureSession,
} from '../../shared/contract';
import { ApiError } from '../errors';
import { uuidv7 } from '../lib/uuidv7';
import { captureTypeOf, findTransition, startingStatus } from './capture-flow';
import type { CaptureAnswer, CaptureCaller } from './capture-call';
import {
  actorOf,
  assertDevice,
  findSession,
  invalidTransition,
  newSecret,
  sessionView,
  sha256,
  updateSession,
  type CaptureServiceOptions,
} from './sessions';
import type { CaptureSessionsTable } from './tables';
import { createPhotoUpload } from './upload';

export type { CaptureServiceOptions } from './sessions';

/** The capture service's dependencies with the photo upload built on them. */
interface CaptureDeps extends CaptureServiceOptions {
  upload: ReturnType<typeof createPhotoUpload>;
}

/*
 * Photo capture: a session per applicant, whose identifier is a short-lived capability (stored hashed) that a
 * linked phone uses without signing in, and whose status follows the transition table of capture-flow.ts.
 */

/** A new session for one applicant of the profile; any older session of that applicant stops working. */
export async function startCapture(
  deps: CaptureServiceOptions,
  profileId: string,
  body: CaptureSessionRequest,
): Promise<StartedCaptureSession> {
  const { db, repository } = deps;
  const { applicationIdentifier, applicantIdentifier } = body;
  const row =
    isUuid(applicationIdentifier) && isUuid(applicantIdentifier)
      ? await repository.ownApplicant(profileId, applicationIdentifier, applicantIdentifier)
      : undefined;
  if (!row) throw new ApiError(404, APPLICATION_ERRORS.applicantNotFound, 'applications:api.applicantNotFound');
  if (row.applicationStatus !== 'IN_PROGRESS' || row.applicantStatus !== 'NOT_SUBMITTED') {
    throw new ApiError(409, CAPTURE_ERRORS.notAvailable, 'api:capture.notAvailable');
  }
  const now = new Date();
  const blockedUntil = await repository.blockedUntil(row.applicantId, now);
  if (blockedUntil) {
    const seconds = (Date.parse(blockedUntil) - now.getTime()) / 1000;
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new ApiError(429, CAPTURE_ERRORS.cooldown, 'api:capture.cooldown', {
      retryAfterSeconds: seconds,
      vars: { count: minutes },
    });
  }

  const photos = await repository.photoTypesOf(row.applicantId);
  const status = startingStatus({ selfie: photos.includes('SELFIE'), passport: photos.includes('PASSPORT_PHOTO') });
  const identifier = newSecret();
  const session: CaptureSessionsTable = {
    id: uuidv7(),
    token_hash: sha256(identifier),
    applicant_id: row.applicantId,
    profile_id: profileId,
    status,
    capture_type: captureTypeOf(status) ?? 'biometrics',
    failed_attempts: 0,
    error_code: null,
    device_hash: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    expires_at: new Date(now.getTime() + deps.config.capture.sessionTtlSeconds * 1000).toISOString(),
    replaced_at: null,
    retry_after: null,
  };
  await db.transaction().execute(async (trx) => {
    await repository.replaceSessions(row.applicantId, now, trx);
    await repository.insertSession(session, trx);
  });
  return { sessionIdentifier: identifier, status, expiresAt: session.expires_at };
}

/** Where a session stands. */
export async function captureStatus(
  deps: CaptureServiceOptions,
  identifier: string,
  caller: CaptureCaller,
): Promise<CaptureSessionView> {
  const now = new Date();
  const session = await findSession(deps.repository, identifier, now);
  assertDevice(session, await actorOf(deps, caller, session, now));
  return sessionView(deps.config.capture, session);
}

/** Moves a session on: link a phone, start a capture, hand it back to a phone, or upload a photo. */
export async function captureAct(
  deps: CaptureDeps,
  identifier: string,
  body: CaptureActionBody,
  caller: CaptureCaller,
): Promise<CaptureAnswer> {
  const { lang } = caller;
  const now = new Date();
  const { action, captureType } = body;
  const session = await findSession(deps.repository, identifier, now);
  const actor = await actorOf(deps, caller, session, now);
  assertDevice(session, actor);
  // A device without a token may only link; that is how it gets its token.
  if (actor.actor === 'device' && session.device_hash === null && action !== 'LINK_PHONE') {
    throw new ApiError(409, CAPTURE_ERRORS.deviceNotLinked, 'api:capture.deviceNotLinked');
  }
  const found = findTransition(session.status, action, captureType, actor.actor);
  if (!found.ok) {
    if (found.reason === 'NOT_FOR_CALLER')
      throw new ApiError(409, CAPTURE_ERRORS.actionNotAllowed, 'api:capture.actionNotAllowed');
    throw invalidTransition(lang, session.status);
  }
  const { transition } = found;
  if (action === 'UPLOAD_IMAGE') return deps.upload(session, transition, body.image ?? '', caller, now);

  const changes: Partial<CaptureSessionsTable> = {
    status: transition.to,
    capture_type: transition.captureType ?? captureTypeOf(transition.to) ?? session.capture_type,
    error_code: null,
    updated_at: now.toISOString(),
  };
  let deviceToken: string | undefined;
  if (action === 'LINK_PHONE' && actor.actor === 'device' && session.device_hash === null) {
    deviceToken = newSecret();
    changes.device_hash = sha256(deviceToken);
  }
  const updated = await updateSession(deps.repository, deps.db, session, changes, lang);
  const view = sessionView(deps.config.capture, updated);
  return { statusCode: 200, body: deviceToken ? { ...view, deviceToken } : view };
}

/** An accepted photo of an applicant of the profile's applications, or 404 PHOTO_NOT_FOUND. */
export async function ownPhoto(deps: CaptureServiceOptions, profileId: string, applicantId: string, photoType: string) {
  const row =
    isUuid(applicantId) && (photoType === 'SELFIE' || photoType === 'PASSPORT_PHOTO')
      ? await deps.repository.ownPhoto(profileId, applicantId, photoType)
      : undefined;
  const data = row ? await deps.storage.get(row.storage_key) : undefined;
  if (!row || !data) throw new ApiError(404, CAPTURE_ERRORS.photoNotFound, 'api:capture.photoNotFound');
  return { contentType: row.content_type, data };
}

/** The calls the routes make, each bound to the app's dependencies. */
export function createCaptureService(options: CaptureServiceOptions) {
  const { db, config, storage, faceDetector, mrzReader, recheckPassport, lifecycle, repository } = options;
  const upload = createPhotoUpload({
    db,
    capture: config.capture,
    storage,
    faceDetector,
    mrzReader,
    recheckPassport,
    update: (executor, session, changes, lang) => updateSession(repository, executor, session, changes, lang),
    view: (session) => sessionView(config.capture, session),
    lifecycle,
  });
  const deps: CaptureDeps = { ...options, upload };
  return {
    start: (profileId: string, body: CaptureSessionRequest) => startCapture(deps, profileId, body),
    status: (identifier: string, caller: CaptureCaller) => captureStatus(deps, identifier, caller),
    act: (identifier: string, body: CaptureActionBody, caller: CaptureCaller) =>
      captureAct(deps, identifier, body, caller),
    photo: (profileId: string, applicantId: string, photoType: string) =>
      ownPhoto(deps, profileId, applicantId, photoType),
  };
}
