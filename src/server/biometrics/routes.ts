import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { authenticate, bearerToken } from '../accounts/authenticate';
import { verifyAccessToken } from '../accounts/tokens';
import { loadApplicationsConfig } from '../applications/config';
import { checkEligibility, ELIGIBILITY_CODES } from '../applications/eligibility';
import { APPLICATION_ERRORS } from '../applications/routes';
import { completeStep } from '../applications/steps';
import type { Database } from '../db/schema';
import { ApiError, errorBody } from '../errors';
import { languageOf, translate } from '../i18n';
import { uuidv7 } from '../mail/uuidv7';
import { newObjectKey } from '../storage/object-storage';
import { createStorage } from '../storage/storage';
import {
  captureTypeOf,
  findTransition,
  startingStatus,
  UPLOAD_OUTCOMES,
  type BlockingStatus,
  type CaptureAction,
  type CaptureActor,
  type CaptureStatus,
} from './capture-flow';
import { tinyFaceDetector } from './face-detector';
import { checkImage, type CaptureType } from './image-checks';
import { deletePhotoObjects, PHOTOS_FOLDER } from './photo-objects';
import type { CaptureSessionsTable, PhotoType } from './tables';

/** Stable codes of photo capture (contract 11); photo problems answer the codes of image-checks.ts. */
export const CAPTURE_ERRORS = {
  sessionNotFound: 'CAPTURE_SESSION_NOT_FOUND',
  sessionExpired: 'CAPTURE_SESSION_EXPIRED',
  sessionReplaced: 'CAPTURE_SESSION_REPLACED',
  invalidTransition: 'INVALID_TRANSITION',
  actionNotAllowed: 'CAPTURE_ACTION_NOT_ALLOWED',
  deviceMismatch: 'CAPTURE_DEVICE_MISMATCH',
  deviceNotLinked: 'CAPTURE_DEVICE_NOT_LINKED',
  cooldown: 'CAPTURE_COOLDOWN',
  notAvailable: 'CAPTURE_NOT_AVAILABLE',
  photoNotFound: 'PHOTO_NOT_FOUND',
} as const;

export const BIOMETRICS_PREFIX = '/api/eta/biometrics';
export const CAPTURE_STATUS_PREFIX = `${BIOMETRICS_PREFIX}/capture-session-status`;
/** Header in which a linked phone sends back the device token it was given by LINK_PHONE. */
export const DEVICE_HEADER = 'x-capture-device';

const PHOTO_TYPE_OF: Record<CaptureType, PhotoType> = { biometrics: 'SELFIE', passport: 'PASSPORT_PHOTO' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 32 random bytes in base64url. */
const CAPABILITY = /^[A-Za-z0-9_-]{43}$/;
const DATA_URL_PREFIX = /^data:image\/(?:jpeg|png|webp);base64,/;

/** A capture session as GET and POST answer it: nothing about the person, only where the capture stands. */
export interface CaptureSessionView {
  status: CaptureStatus;
  /** The photo the status is about: biometrics (selfie) or passport. */
  captureType?: CaptureType;
  /** Photos that may still be rejected in the current capture before the session ends. */
  attemptsLeft: number;
  expiresAt: string;
  /** Why the last photo was rejected, or the blocking outcome. */
  errorCode?: string;
  /** With CAPTURE_RETRIES_EXCEEDED: when a new session may be started. */
  retryAfter?: string;
}

interface CreateSessionBody {
  applicationIdentifier: string;
  applicantIdentifier: string;
}

interface ActionBody {
  action: CaptureAction;
  captureType?: CaptureType;
  image?: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Photo capture: a session per applicant (POST /api/eta/biometrics), whose identifier is a short-lived
 * capability (stored hashed) that a linked phone uses without signing in, and whose status follows the
 * transition table of capture-flow.ts; photos are checked (image-checks.ts), kept in object storage, and shown
 * back only to the account that owns the applicant.
 */
export const biometricsRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const { capture } = config;
  const storage = createStorage(config);
  const { eligiblePassportCountries } = loadApplicationsConfig();
  const faceDetector = capture.faceCheck ? tinyFaceDetector() : undefined;

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
    const row = CAPABILITY.test(identifier)
      ? await db
          .selectFrom('capture_sessions')
          .selectAll()
          .where('token_hash', '=', sha256(identifier))
          .executeTakeFirst()
      : undefined;
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
  const callerOf = async (request: FastifyRequest, session: CaptureSessionsTable, now: Date) => {
    const token = bearerToken(request);
    if (token) {
      const claims = await verifyAccessToken(db, config, token, now);
      if (claims?.profileId === session.profile_id) return { actor: 'owner' as CaptureActor, deviceMatches: false };
    }
    const header = request.headers[DEVICE_HEADER];
    const deviceToken = typeof header === 'string' && CAPABILITY.test(header) ? header : undefined;
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
   * Moves a session on, only if nobody else moved it since it was read (status, attempts and device as read);
   * a session changed meanwhile answers INVALID_TRANSITION with its new status.
   */
  const update = async (
    executor: Kysely<Database>,
    session: CaptureSessionsTable,
    changes: Partial<CaptureSessionsTable>,
    lang: string,
  ) => {
    let query = executor
      .updateTable('capture_sessions')
      .set(changes)
      .where('id', '=', session.id)
      .where('status', '=', session.status)
      .where('failed_attempts', '=', session.failed_attempts);
    query =
      session.device_hash === null
        ? query.where('device_hash', 'is', null)
        : query.where('device_hash', '=', session.device_hash);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const current = await executor
        .selectFrom('capture_sessions')
        .select('status')
        .where('id', '=', session.id)
        .executeTakeFirst();
      throw invalidTransition(lang, current?.status ?? session.status);
    }
    return { ...session, ...changes };
  };

  /** A refused photo or a blocking outcome: the error body of contract 11 together with the session's status. */
  const refusal = (
    reply: FastifyReply,
    statusCode: number,
    lang: string,
    code: string,
    messageKey: string,
    session: CaptureSessionsTable,
  ) => reply.code(statusCode).send({ ...errorBody(lang, code, messageKey), ...view(session) });

  // ------------------------------------------------------------------ start a session

  app.post<{ Body: CreateSessionBody }>(
    BIOMETRICS_PREFIX,
    { onRequest: authenticate, schema: { body: { $ref: 'api/biometrics-session#' } } },
    async (request, reply) => {
      const { applicationIdentifier, applicantIdentifier } = request.body;
      const row =
        UUID.test(applicationIdentifier) && UUID.test(applicantIdentifier)
          ? await db
              .selectFrom('applicants')
              .innerJoin('applications', 'applications.id', 'applicants.application_id')
              .select([
                'applicants.id as applicantId',
                'applicants.status as applicantStatus',
                'applications.status as applicationStatus',
              ])
              .where('applicants.id', '=', applicantIdentifier)
              .where('applications.id', '=', applicationIdentifier)
              .where('applications.profile_id', '=', request.profileId)
              .executeTakeFirst()
          : undefined;
      if (!row) throw new ApiError(404, APPLICATION_ERRORS.applicantNotFound, 'applications:api.applicantNotFound');
      if (row.applicationStatus !== 'IN_PROGRESS' || row.applicantStatus !== 'NOT_SUBMITTED') {
        throw new ApiError(409, CAPTURE_ERRORS.notAvailable, 'api:capture.notAvailable');
      }
      const now = new Date();
      const blocked = await db
        .selectFrom('capture_sessions')
        .select(({ fn }) => fn.max('retry_after').as('until'))
        .where('applicant_id', '=', row.applicantId)
        .where('retry_after', '>', now.toISOString())
        .executeTakeFirst();
      if (blocked?.until) {
        const seconds = (Date.parse(blocked.until) - now.getTime()) / 1000;
        const minutes = Math.max(1, Math.ceil(seconds / 60));
        throw new ApiError(429, CAPTURE_ERRORS.cooldown, 'api:capture.cooldown', {
          retryAfterSeconds: seconds,
          vars: { count: minutes },
        });
      }

      const photos = await db
        .selectFrom('applicant_photos')
        .select('photo_type')
        .where('applicant_id', '=', row.applicantId)
        .execute();
      const status = startingStatus({
        selfie: photos.some((photo) => photo.photo_type === 'SELFIE'),
        passport: photos.some((photo) => photo.photo_type === 'PASSPORT_PHOTO'),
      });
      const identifier = newSecret();
      const session: CaptureSessionsTable = {
        id: uuidv7(),
        token_hash: sha256(identifier),
        applicant_id: row.applicantId,
        profile_id: request.profileId,
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
        // One live session per applicant: an older identifier (a QR code still on a screen) stops working.
        await trx
          .updateTable('capture_sessions')
          .set({ replaced_at: now.toISOString() })
          .where('applicant_id', '=', row.applicantId)
          .where('replaced_at', 'is', null)
          .execute();
        await trx.insertInto('capture_sessions').values(session).execute();
      });
      reply.code(201);
      return { sessionIdentifier: identifier, status: session.status, expiresAt: session.expires_at };
    },
  );

  // ------------------------------------------------------------------ follow and move a session

  app.get<{ Params: { captureSessionIdentifier: string } }>(
    `${CAPTURE_STATUS_PREFIX}/:captureSessionIdentifier`,
    async (request): Promise<CaptureSessionView> => {
      const now = new Date();
      const session = await findSession(request.params.captureSessionIdentifier, now);
      assertDevice(session, await callerOf(request, session, now));
      return view(session);
    },
  );

  // A base64 photo is 4/3 of its size; twice that leaves room to answer IMAGE_TOO_LARGE rather than a bare 413.
  const actionBodyLimit = Math.ceil((capture.maxUploadBytes * 4) / 3) * 2 + 64 * 1024;

  app.post<{ Params: { captureSessionIdentifier: string }; Body: ActionBody }>(
    `${CAPTURE_STATUS_PREFIX}/:captureSessionIdentifier`,
    {
      bodyLimit: Math.max(actionBodyLimit, config.bodyLimit),
      schema: { body: { $ref: 'api/capture-session-action#' } },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const now = new Date();
      const { action, captureType } = request.body;
      const session = await findSession(request.params.captureSessionIdentifier, now);
      const caller = await callerOf(request, session, now);
      assertDevice(session, caller);
      // A device without a token may only link; that is how it gets its token.
      if (caller.actor === 'device' && session.device_hash === null && action !== 'LINK_PHONE') {
        throw new ApiError(409, CAPTURE_ERRORS.deviceNotLinked, 'api:capture.deviceNotLinked');
      }
      const found = findTransition(session.status, action, captureType, caller.actor);
      if (!found.ok) {
        if (found.reason === 'NOT_FOR_CALLER')
          throw new ApiError(409, CAPTURE_ERRORS.actionNotAllowed, 'api:capture.actionNotAllowed');
        throw invalidTransition(lang, session.status);
      }
      const { transition } = found;
      const stamp = now.toISOString();

      if (action !== 'UPLOAD_IMAGE') {
        const changes: Partial<CaptureSessionsTable> = {
          status: transition.to,
          capture_type: transition.captureType ?? captureTypeOf(transition.to) ?? session.capture_type,
          error_code: null,
          updated_at: stamp,
        };
        let deviceToken: string | undefined;
        if (action === 'LINK_PHONE' && caller.actor === 'device' && session.device_hash === null) {
          deviceToken = newSecret();
          changes.device_hash = sha256(deviceToken);
        }
        const updated = await update(db, session, changes, lang);
        return deviceToken ? { ...view(updated), deviceToken } : view(updated);
      }

      // ---- a photo
      const type = transition.captureType as CaptureType;
      const image = Buffer.from((request.body.image ?? '').replace(DATA_URL_PREFIX, ''), 'base64');
      const checked = await checkImage(image, type, { maxBytes: capture.maxUploadBytes, faceDetector });
      if (!checked.ok) {
        const failed = session.failed_attempts + 1;
        const exhausted = failed >= capture.maxAttempts;
        request.log.info({ code: checked.code, measures: checked.measures, failed }, 'photo rejected');
        const updated = await update(
          db,
          session,
          {
            status: exhausted ? UPLOAD_OUTCOMES.attemptsExhausted : session.status,
            failed_attempts: failed,
            error_code: checked.code,
            retry_after: exhausted ? new Date(now.getTime() + capture.retryCooldownSeconds * 1000).toISOString() : null,
            updated_at: stamp,
          },
          lang,
        );
        return refusal(reply, 422, lang, checked.code, `capture:errors.${checked.code}`, updated);
      }

      if (type === 'passport') {
        const blocking = await eligibilityOutcome(db, session.applicant_id, now);
        if (blocking) {
          const updated = await update(
            db,
            session,
            { status: blocking, error_code: blocking, updated_at: stamp },
            lang,
          );
          return refusal(reply, 409, lang, blocking, `capture:blocked.${blocking}.message`, updated);
        }
      }

      const key = newObjectKey(PHOTOS_FOLDER);
      await storage.put(key, checked.image.jpeg, 'image/jpeg');
      let replacedKey: string | undefined;
      let updated: CaptureSessionsTable;
      try {
        updated = await db.transaction().execute(async (trx) => {
          const moved = await update(
            trx,
            session,
            { status: transition.to, failed_attempts: 0, error_code: null, updated_at: stamp },
            lang,
          );
          const photoType = PHOTO_TYPE_OF[type];
          const previous = await trx
            .selectFrom('applicant_photos')
            .select('storage_key')
            .where('applicant_id', '=', session.applicant_id)
            .where('photo_type', '=', photoType)
            .executeTakeFirst();
          replacedKey = previous?.storage_key;
          const photo = {
            storage_key: key,
            content_type: 'image/jpeg',
            width: checked.image.width,
            height: checked.image.height,
            byte_size: checked.image.jpeg.length,
            session_id: session.id,
            created_at: stamp,
          };
          await trx
            .insertInto('applicant_photos')
            .values({ applicant_id: session.applicant_id, photo_type: photoType, ...photo })
            .onConflict((oc) => oc.columns(['applicant_id', 'photo_type']).doUpdateSet(photo))
            .execute();
          if (transition.to === 'PASSPORT_CAPTURE_COMPLETE')
            await completeStep(trx, session.applicant_id, 'CAPTURE_BIOMETRICS', lang);
          return moved;
        });
      } catch (error) {
        // No row points at the new photo: it goes, and a failure to delete it never hides why.
        await deletePhotoObjects(storage, [key], request.log);
        throw error;
      }
      // The retaken photo is stored and committed; the one it replaced goes (a failure is logged, not answered).
      if (replacedKey && replacedKey !== key) await deletePhotoObjects(storage, [replacedKey], request.log);
      return view(updated);
    },
  );

  /**
   * Checks the applicant's passport again with the application flow's own rule, now that the page is in hand:
   * the list of eligible countries or another application may have changed since the applicant was added.
   */
  const eligibilityOutcome = async (
    executor: Kysely<Database>,
    applicantId: string,
    now: Date,
  ): Promise<BlockingStatus | undefined> => {
    const applicant = await executor
      .selectFrom('applicants')
      .select(['application_id', 'passport_country', 'passport_number'])
      .where('id', '=', applicantId)
      .executeTakeFirstOrThrow();
    try {
      await checkEligibility(
        executor,
        eligiblePassportCountries,
        { passportCountry: applicant.passport_country, passportNumber: applicant.passport_number },
        applicant.application_id,
        applicantId,
        now,
      );
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      switch (error.code) {
        case ELIGIBILITY_CODES.countryNotWhitelisted:
          return 'PASSPORT_COUNTRY_NOT_WHITELISTED';
        case ELIGIBILITY_CODES.activeEtaVisaExists:
          return 'ACTIVE_ETA_VISA_EXISTS';
        // The same passport on another applicant of this application is an open application for it too.
        case ELIGIBILITY_CODES.openApplicationExists:
        case ELIGIBILITY_CODES.passportAlreadyInApplication:
          return 'OPEN_APPLICATION_EXISTS';
        default:
          throw error;
      }
    }
  };

  // ------------------------------------------------------------------ the owner's photos

  app.get<{ Params: { guid: string; photoType: string } }>(
    '/api/eta/applicants/:guid/photos/:photoType',
    { onRequest: authenticate },
    async (request, reply) => {
      const { guid, photoType } = request.params;
      const row =
        UUID.test(guid) && (photoType === 'SELFIE' || photoType === 'PASSPORT_PHOTO')
          ? await db
              .selectFrom('applicant_photos')
              .innerJoin('applicants', 'applicants.id', 'applicant_photos.applicant_id')
              .innerJoin('applications', 'applications.id', 'applicants.application_id')
              .select(['applicant_photos.storage_key', 'applicant_photos.content_type'])
              .where('applicant_photos.applicant_id', '=', guid)
              .where('applicant_photos.photo_type', '=', photoType)
              .where('applications.profile_id', '=', request.profileId)
              .executeTakeFirst()
          : undefined;
      const data = row ? await storage.get(row.storage_key) : undefined;
      if (!row || !data) throw new ApiError(404, CAPTURE_ERRORS.photoNotFound, 'api:capture.photoNotFound');
      return reply.type(row.content_type).header('content-disposition', 'inline').send(data);
    },
  );
};
