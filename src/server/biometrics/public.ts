/**
 * What other areas of the server may use of photo capture: the applicant's photo rows and files, which go when
 * an application or applicant does, or when a passport changes.
 */
export {
  deletePhotoObjects,
  hasPhoto,
  photoKeysOfApplicant,
  photoKeysOfApplication,
  removeOrphanedPhotos,
  removePhoto,
  type PhotoLog,
} from './photo-objects';
export { passportReadingOf } from './passport-reading';
export type { ApplicantPhotosTable, CaptureSessionsTable } from './tables';
