import { createHash, randomBytes } from 'node:crypto';
import {
  APPLICATION_ERRORS,
  CAPABILITY_PATTERN,
  CAPTURE_ERRORS,
  isUuid,
  type CaptureActionBody,
  type CaptureSessionRequest,
  type CaptureSessionView,
  type StartedCaptureSession,
} from '../../shared/contract';
import { verifyAccessToken } from '../accounts/public';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { uuidv7 } from '../lib/uuidv7';
import type { Lifecycle } from '../lifecycle/public';
import type { ObjectStorage } from '../storage/object-storage';
import { captureTypeOf, findTransition, startingStatus, type CaptureActor, type CaptureStatus } from './capture-flow';
import type { FaceDetector } from './face-detector';
import type { CaptureAnswer, CaptureCaller } from './capture-call';
import { captureRepository } from './repository';
import type { CaptureSessionsTable } from './tables';
import { createPhotoUpload, type RecheckPassport } from './upload';

export interface CaptureServiceOptions {
  db: Db;
  config: AppConfig;
  storage: ObjectStorage;
  faceDetector?: FaceDetector;
  recheckPassport: RecheckPassport;
  /** The state machine's hooks (an accepted photo changes the application). */
  lifecycle: Lifecycle;
}

const CAPABILITY = new RegExp(CAPABILITY_PATTERN);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Photo capture: a session per applicant, whose identifier is a short-lived capability (stored hashed) that a
 * linked phone uses without signing in, and whose status follows the transition table of capture-flow.ts.
 */
export function createCaptureService(options: CaptureServiceOptions) {
  const { db, config, storage, faceDetector, recheckPassport, lifecycle } = options;
  const { capture } = config;
  const repository = captureRepository(db);

  const view = (session: CaptureSessionsTable): CaptureSessionView => {
    const answer: CaptureSessionView = {
      status: session.status,
      captureType: captureTypeOf(session.status) ?? session.capture_type,
      attemptsLeft: Math.max(0, capture.maxAttempts - session.failed_attempts),
      expiresAt: session.expires_at,
    };
    if (session.error_code) answer.errorCode = session.error_code;
    if (session.retry_after) answer.retryAfter = session.retry_after;
    return answer;
  };

  /** The live session of an identifier: 404 when unknown, 410 when expired or replaced by a newer one. */
  const findSession = async (identifier: string, now: Date): Promise<CaptureSessionsTable> => {
    const row = CAPABILITY.test(identifier) ? await repository.sessionByTokenHash(sha256(identifier)) : undefined;
    if (!row) throw new ApiError(404, CAPTURE_ERRORS.sessionNotFound, 'api:capture.sessionNotFound');
    if (row.replaced_at) throw new ApiError(410, CAPTURE_ERRORS.sessionReplaced, 'api:capture.sessionReplaced');
    if (now.toISOString() >= row.expires_at)
      throw new ApiError(410, CAPTURE_ERRORS.sessionExpired, 'api:capture.sessionExpired');
    return row;
  };

  /**
   * Who is calling: the signed-in owner (a valid bearer token of the account that started the session), or a
   * device holding the capability. A bearer token that is invalid or of another account counts as no sign-in:
   * a phone may carry an old or foreign session, and a 401 here would sign the owner out elsewhere.
   */
  const actorOf = async (caller: CaptureCaller, session: CaptureSessionsTable, now: Date) => {
    if (caller.token) {
      const claims = await verifyAccessToken(db, config, caller.token, now);
      if (claims?.profileId === session.profile_id) return { actor: 'owner' as CaptureActor, deviceMatches: false };
    }
    const deviceToken =
      caller.deviceToken !== undefined && CAPABILITY.test(caller.deviceToken) ? caller.deviceToken : undefined;
    const deviceMatches =
      session.device_hash !== null && deviceToken !== undefined && sha256(deviceToken) === session.device_hash;
    return { actor: 'device' as CaptureActor, deviceMatches };
  };

  /** Once a phone has linked, the session answers no other device (the owner, signed in, still may). */
  const assertDevice = (session: CaptureSessionsTable, caller: { actor: CaptureActor; deviceMatches: boolean }) => {
    if (caller.actor === 'device' && session.device_hash !== null && !caller.deviceMatches) {
      throw new ApiError(409, CAPTURE_ERRORS.deviceMismatch, 'api:capture.deviceMismatch');
    }
  };

  const invalidTransition = (lang: string, status: CaptureStatus) =>
    new ApiError(409, CAPTURE_ERRORS.invalidTransition, 'api:capture.invalidTransition', {
      vars: { status: translate(lang, `capture:status.${status}`) },
    });

  /**
   * Moves a session on, only if nobody else moved it since it was read; a session changed meanwhile answers
   * INVALID_TRANSITION with its new status.
   */
  const update = async (
    executor: Db,
    session: CaptureSessionsTable,
    changes: Partial<CaptureSessionsTable>,
    lang: string,
  ): Promise<CaptureSessionsTable> => {
    const stored = captureRepository(executor);
    if (!(await stored.updateSessionAsRead(session, changes))) {
      throw invalidTransition(lang, (await stored.sessionStatus(session.id)) ?? session.status);
    }
    return { ...session, ...changes };
  };

  const upload = createPhotoUpload({ db, capture, storage, faceDetector, recheckPassport, update, view, lifecycle });

  return {
    /** A new session for one applicant of the profile; any older session of that applicant stops working. */
    async start(profileId: string, body: CaptureSessionRequest): Promise<StartedCaptureSession> {
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
        expires_at: new Date(now.getTime() + capture.sessionTtlSeconds * 1000).toISOString(),
        replaced_at: null,
        retry_after: null,
      };
      await db.transaction().execute(async (trx) => {
        const stored = captureRepository(trx);
        await stored.replaceSessions(row.applicantId, now);
        await stored.insertSession(session);
      });
      return { sessionIdentifier: identifier, status, expiresAt: session.expires_at };
    },

    /** Where a session stands. */
    async status(identifier: string, caller: CaptureCaller): Promise<CaptureSessionView> {
      const now = new Date();
      const session = await findSession(identifier, now);
      assertDevice(session, await actorOf(caller, session, now));
      return view(session);
    },

    /** Moves a session on: link a phone, start a capture, hand it back to a phone, or upload a photo. */
    async act(identifier: string, body: CaptureActionBody, caller: CaptureCaller): Promise<CaptureAnswer> {
      const { lang } = caller;
      const now = new Date();
      const { action, captureType } = body;
      const session = await findSession(identifier, now);
      const actor = await actorOf(caller, session, now);
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
      if (action === 'UPLOAD_IMAGE') return upload(session, transition, body.image ?? '', caller, now);

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
      const updated = await update(db, session, changes, lang);
      return { statusCode: 200, body: deviceToken ? { ...view(updated), deviceToken } : view(updated) };
    },

    /** An accepted photo of an applicant of the profile's applications, or 404 PHOTO_NOT_FOUND. */
    async photo(profileId: string, applicantId: string, photoType: string) {
      const row =
        isUuid(applicantId) && (photoType === 'SELFIE' || photoType === 'PASSPORT_PHOTO')
          ? await repository.ownPhoto(profileId, applicantId, photoType)
          : undefined;
      const data = row ? await storage.get(row.storage_key) : undefined;
      if (!row || !data) throw new ApiError(404, CAPTURE_ERRORS.photoNotFound, 'api:capture.photoNotFound');
      return { contentType: row.content_type, data };
    },
  };
}
