import type { Kysely } from 'kysely';
import type { PhotoType } from '../../shared/contract';
import type { Database } from '../db/schema';
import type { ApplicantPhotosTable, CaptureSessionsTable, PassportReadingsTable } from './tables';

/**
 * The SQL of photo capture, made once per app on its database (src/server/areas.ts); the session's changes made
 * inside a transaction take it last (other callers still make one on a transaction: `captureRepository(trx)`).
 */
export function captureRepository(db: Kysely<Database>) {
  return {
    /** The session whose identifier hashes to `tokenHash`. */
    sessionByTokenHash: (tokenHash: string) =>
      db.selectFrom('capture_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    sessionStatus: async (id: string, executor: Kysely<Database> = db) =>
      (await executor.selectFrom('capture_sessions').select('status').where('id', '=', id).executeTakeFirst())?.status,

    /** The applicant of one of the profile's applications, with the statuses that say whether capture may start. */
    ownApplicant: (profileId: string, applicationId: string, applicantId: string) =>
      db
        .selectFrom('applicants')
        .innerJoin('applications', 'applications.id', 'applicants.application_id')
        .select([
          'applicants.id as applicantId',
          'applicants.status as applicantStatus',
          'applications.status as applicationStatus',
        ])
        .where('applicants.id', '=', applicantId)
        .where('applications.id', '=', applicationId)
        .where('applications.profile_id', '=', profileId)
        .executeTakeFirst(),

    /** The latest time before which no new session may start for the applicant, if it is still to come. */
    blockedUntil: async (applicantId: string, now: Date) =>
      (
        await db
          .selectFrom('capture_sessions')
          .select(({ fn }) => fn.max('retry_after').as('until'))
          .where('applicant_id', '=', applicantId)
          .where('retry_after', '>', now.toISOString())
          .executeTakeFirst()
      )?.until,

    /** The types of the applicant's accepted photos. */
    photoTypesOf: async (applicantId: string): Promise<PhotoType[]> =>
      (
        await db.selectFrom('applicant_photos').select('photo_type').where('applicant_id', '=', applicantId).execute()
      ).map((photo) => photo.photo_type),

    /** Ends the applicant's live sessions (an older identifier, such as a QR code still on a screen, stops working). */
    replaceSessions: (applicantId: string, now: Date, executor: Kysely<Database> = db) =>
      executor
        .updateTable('capture_sessions')
        .set({ replaced_at: now.toISOString() })
        .where('applicant_id', '=', applicantId)
        .where('replaced_at', 'is', null)
        .execute(),

    insertSession: (row: CaptureSessionsTable, executor: Kysely<Database> = db) =>
      executor.insertInto('capture_sessions').values(row).execute(),

    /**
     * Changes a session only if nobody else moved it since it was read (status, attempts and device as read);
     * answers whether it did.
     */
    updateSessionAsRead: async (
      session: CaptureSessionsTable,
      changes: Partial<CaptureSessionsTable>,
      executor: Kysely<Database> = db,
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
      return Number(result.numUpdatedRows) === 1;
    },

    /** The storage key of the applicant's accepted photo of that type, if any. */
    photoKey: async (applicantId: string, photoType: PhotoType) =>
      (
        await db
          .selectFrom('applicant_photos')
          .select('storage_key')
          .where('applicant_id', '=', applicantId)
          .where('photo_type', '=', photoType)
          .executeTakeFirst()
      )?.storage_key,

    /** Keeps a photo as the applicant's accepted photo of its type, in place of the one before. */
    savePhoto: (row: ApplicantPhotosTable) => {
      const { applicant_id: _applicant, photo_type: _type, ...photo } = row;
      return db
        .insertInto('applicant_photos')
        .values(row)
        .onConflict((oc) => oc.columns(['applicant_id', 'photo_type']).doUpdateSet(photo))
        .execute();
    },

    /** Keeps what the MRZ of the applicant's passport photo says, in place of what the one before said. */
    saveReading: (row: PassportReadingsTable) => {
      const { applicant_id: _applicant, ...reading } = row;
      return db
        .insertInto('passport_readings')
        .values(row)
        .onConflict((oc) => oc.column('applicant_id').doUpdateSet(reading))
        .execute();
    },

    /** Forgets what the MRZ of the applicant's passport photo said (a photo kept without a reading). */
    deleteReading: (applicantId: string) =>
      db.deleteFrom('passport_readings').where('applicant_id', '=', applicantId).execute(),

    /** What the MRZ of the applicant's accepted passport photo says, if it was looked at. */
    readingOf: (applicantId: string) =>
      db.selectFrom('passport_readings').selectAll().where('applicant_id', '=', applicantId).executeTakeFirst(),

    /** Whether the applicant has an accepted photo of that type. */
    hasPhoto: async (applicantId: string, photoType: PhotoType) =>
      (await db
        .selectFrom('applicant_photos')
        .select('photo_type')
        .where('applicant_id', '=', applicantId)
        .where('photo_type', '=', photoType)
        .executeTakeFirst()) !== undefined,

    /** Removes the applicant's accepted photo of that type (and what a passport photo's MRZ said). */
    deletePhoto: async (applicantId: string, photoType: PhotoType) => {
      if (photoType === 'PASSPORT_PHOTO')
        await db.deleteFrom('passport_readings').where('applicant_id', '=', applicantId).execute();
      await db
        .deleteFrom('applicant_photos')
        .where('applicant_id', '=', applicantId)
        .where('photo_type', '=', photoType)
        .execute();
    },

    /** The storage keys of the photos of one application's applicants. */
    photoKeysOfApplication: async (applicationId: string) =>
      (
        await db
          .selectFrom('applicant_photos')
          .innerJoin('applicants', 'applicants.id', 'applicant_photos.applicant_id')
          .select('applicant_photos.storage_key')
          .where('applicants.application_id', '=', applicationId)
          .execute()
      ).map((row) => row.storage_key),

    /** The storage keys of one applicant's photos. */
    photoKeysOfApplicant: async (applicantId: string) =>
      (
        await db.selectFrom('applicant_photos').select('storage_key').where('applicant_id', '=', applicantId).execute()
      ).map((row) => row.storage_key),

    /** Those of `keys` that an accepted photo names. */
    photoKeysAmong: async (keys: string[]) =>
      (await db.selectFrom('applicant_photos').select('storage_key').where('storage_key', 'in', keys).execute()).map(
        (row) => row.storage_key,
      ),

    /** A photo of an applicant of one of the profile's applications. */
    ownPhoto: (profileId: string, applicantId: string, photoType: PhotoType) =>
      db
        .selectFrom('applicant_photos')
        .innerJoin('applicants', 'applicants.id', 'applicant_photos.applicant_id')
        .innerJoin('applications', 'applications.id', 'applicants.application_id')
        .select(['applicant_photos.storage_key', 'applicant_photos.content_type'])
        .where('applicant_photos.applicant_id', '=', applicantId)
        .where('applicant_photos.photo_type', '=', photoType)
        .where('applications.profile_id', '=', profileId)
        .executeTakeFirst(),
  };
}

export type CaptureRepository = ReturnType<typeof captureRepository>;
