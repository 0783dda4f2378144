import type { CaptureSessionView, CaptureType, ErrorCode, ImageErrorCode, PhotoType } from '../../shared/contract';
import type { EligibilityCode } from '../applications/public';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { errorBody } from '../errors';
import { completeStep, editableApplicant, type Lifecycle } from '../lifecycle/public';
import { newObjectKey } from '../storage/object-storage';
import { recordUploadRefused } from '../system/public';
import type { ObjectStorage } from '../storage/object-storage';
import { UPLOAD_OUTCOMES, type CaptureTransition } from './capture-flow';
import type { FaceDetector } from './face-detector';
import { checkImage } from './image-checks';
import { deletePhotoObjects, PHOTOS_FOLDER } from './photo-objects';
import { captureRepository } from './repository';
import { readingRow } from './passport-reading';
import type { CaptureAnswer, CaptureCaller } from './capture-call';
import type { CaptureSessionsTable } from './tables';
import { readingShowsPassport } from '../passport-mrz/compare';
import type { MrzReader, MrzReading } from '../passport-mrz/reader';

/**
 * Checks an applicant's passport again (the application flow's rule): the code of the rule it fails, if any.
 * `shown` says whether the photo shows that passport (its MRZ read and agreeing), which puts it in hand.
 */
export type RecheckPassport = (
  db: Db,
  applicantId: string,
  now: Date,
  shown?: (passport: { passportCountry: string; passportNumber: string }) => boolean,
) => Promise<EligibilityCode | undefined>;

type Update = (
  executor: Db,
  session: CaptureSessionsTable,
  changes: Partial<CaptureSessionsTable>,
  lang: string,
) => Promise<CaptureSessionsTable>;

export interface PhotoUploadOptions {
  db: Db;
  capture: AppConfig['capture'];
  storage: ObjectStorage;
  faceDetector?: FaceDetector;
  /** Reads the machine-readable zone of passport photos; without it a passport photo is kept without a reading. */
  mrzReader?: MrzReader;
  recheckPassport: RecheckPassport;
  /** Moves the session on if nobody else did meanwhile (see the capture service). */
  update: Update;
  view: (session: CaptureSessionsTable) => CaptureSessionView;
  /** The state machine's hooks: an accepted photo voids the application's live payment. */
  lifecycle: Lifecycle;
}

const PHOTO_TYPE_OF: Record<CaptureType, PhotoType> = { biometrics: 'SELFIE', passport: 'PASSPORT_PHOTO' };
const DATA_URL_PREFIX = /^data:image\/(?:jpeg|png|webp);base64,/;

/** The blocking status a passport that is no longer eligible leads to. */
function blockingStatusOf(code: EligibilityCode): (typeof UPLOAD_OUTCOMES.ineligible)[number] {
  switch (code) {
    case 'PASSPORT_COUNTRY_NOT_WHITELISTED':
      return 'PASSPORT_COUNTRY_NOT_WHITELISTED';
    case 'ACTIVE_ETA_VISA_EXISTS':
      return 'ACTIVE_ETA_VISA_EXISTS';
    // The same passport on another applicant of this application is an open application for it too.
    case 'OPEN_APPLICATION_EXISTS':
    case 'PASSPORT_ALREADY_IN_APPLICATION':
      return 'OPEN_APPLICATION_EXISTS';
  }
}

/** Why a passport photo whose machine-readable zone could not be read is refused (capture:errors.MRZ_NOT_READ). */
export const MRZ_NOT_READ = 'MRZ_NOT_READ' satisfies ImageErrorCode;

/**
 * A photo for a session: checked (image-checks.ts), a rejection counted against the session's attempts, a
 * passport page's machine-readable zone read (an unreadable one asks for a better photo, counted like the other
 * refusals, except on the last attempt, which is kept unread rather than ending the capture), the passport checked
 * for eligibility again now that it is in hand, and an accepted photo kept in object storage in place of the
 * applicant's earlier one of its type, with what its MRZ says; the passport photo completes the photo step.
 */
export function createPhotoUpload(options: PhotoUploadOptions) {
  const { db, capture, storage, faceDetector, mrzReader, recheckPassport, update, view, lifecycle } = options;

  /** Counts a refused photo against the session's attempts (the last one ends the capture for a while). */
  const refuse = async (
    session: CaptureSessionsTable,
    code: ImageErrorCode,
    lang: string,
    now: Date,
  ): Promise<CaptureAnswer> => {
    const failed = session.failed_attempts + 1;
    const exhausted = failed >= capture.maxAttempts;
    const updated = await update(
      db,
      session,
      {
        status: exhausted ? UPLOAD_OUTCOMES.attemptsExhausted : session.status,
        failed_attempts: failed,
        error_code: code,
        retry_after: exhausted ? new Date(now.getTime() + capture.retryCooldownSeconds * 1000).toISOString() : null,
        updated_at: now.toISOString(),
      },
      lang,
    );
    return refusal(422, lang, code, `capture:errors.${code}`, updated);
  };

  /** A refused photo or a blocking outcome: the error body together with the session's status. */
  const refusal = (
    statusCode: 409 | 422,
    lang: string,
    code: ErrorCode,
    messageKey: string,
    session: CaptureSessionsTable,
  ): CaptureAnswer => {
    if (statusCode === 422) recordUploadRefused('photo', code);
    return { statusCode, body: { ...errorBody(lang, code, messageKey), ...view(session) } };
  };

  return async (
    session: CaptureSessionsTable,
    transition: CaptureTransition,
    base64: string,
    caller: CaptureCaller,
    now: Date,
  ): Promise<CaptureAnswer> => {
    const { lang } = caller;
    const stamp = now.toISOString();
    const type = transition.captureType as CaptureType;
    const image = Buffer.from(base64.replace(DATA_URL_PREFIX, ''), 'base64');
    const checked = await checkImage(image, type, { maxBytes: capture.maxUploadBytes, faceDetector });
    if (!checked.ok) {
      caller.log.info(
        { code: checked.code, measures: checked.measures, failed: session.failed_attempts + 1 },
        'photo rejected',
      );
      return refuse(session, checked.code, lang, now);
    }

    let reading: MrzReading | undefined;
    if (type === 'passport' && mrzReader) {
      reading = await mrzReader.read(image);
      const lastAttempt = session.failed_attempts + 1 >= capture.maxAttempts;
      // A reading the server had no time for says nothing of the photo: it is kept unread (holding no passport
      // number), as the last attempt is, rather than asking the applicant for another.
      if (!reading.read && !lastAttempt && reading.problem !== 'NO_TIME') {
        caller.log.info({ code: MRZ_NOT_READ, problem: reading.problem }, 'photo rejected');
        return refuse(session, MRZ_NOT_READ, lang, now);
      }
    }

    if (type === 'passport') {
      const failedRule = await recheckPassport(
        db,
        session.applicant_id,
        now,
        reading
          ? ({ passportCountry, passportNumber }) => readingShowsPassport(reading, passportCountry, passportNumber)
          : undefined,
      );
      if (failedRule) {
        const blocking = blockingStatusOf(failedRule);
        const updated = await update(db, session, { status: blocking, error_code: blocking, updated_at: stamp }, lang);
        return refusal(409, lang, blocking, `capture:blocked.${blocking}.message`, updated);
      }
    }

    const key = newObjectKey(PHOTOS_FOLDER);
    await storage.put(key, checked.image.jpeg, 'image/jpeg');
    let replacedKey: string | undefined;
    let updated: CaptureSessionsTable;
    let voided: string[] = [];
    try {
      updated = await db.transaction().execute(async (trx) => {
        // A photo changes an applicant only while the application is in progress and the applicant not submitted.
        const applicant = await editableApplicant(trx, session.applicant_id, lang);
        const moved = await update(
          trx,
          session,
          { status: transition.to, failed_attempts: 0, error_code: null, updated_at: stamp },
          lang,
        );
        const stored = captureRepository(trx);
        const photoType = PHOTO_TYPE_OF[type];
        replacedKey = await stored.photoKey(session.applicant_id, photoType);
        await stored.savePhoto({
          applicant_id: session.applicant_id,
          photo_type: photoType,
          storage_key: key,
          content_type: 'image/jpeg',
          width: checked.image.width,
          height: checked.image.height,
          byte_size: checked.image.jpeg.length,
          session_id: session.id,
          created_at: stamp,
        });
        if (reading) await stored.saveReading(readingRow(session.applicant_id, reading, stamp));
        else if (type === 'passport') await stored.deleteReading(session.applicant_id);
        if (transition.to === 'PASSPORT_CAPTURE_COMPLETE')
          await completeStep(trx, session.applicant_id, 'CAPTURE_BIOMETRICS', lang);
        voided = await lifecycle.applicationChanged(trx, applicant.application_id);
        return moved;
      });
    } catch (error) {
      // No row points at the new photo: it goes, and a failure to delete it never hides why.
      await deletePhotoObjects(storage, [key], caller.log);
      throw error;
    }
    await lifecycle.paymentsVoided(voided);
    // The retaken photo is stored and committed; the one it replaced goes (a failure is logged, not answered).
    if (replacedKey && replacedKey !== key) await deletePhotoObjects(storage, [replacedKey], caller.log);
    return { statusCode: 200, body: view(updated) };
  };
}
