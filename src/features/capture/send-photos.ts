import { redirect } from 'react-router-dom';
import {
  captureErrorCode,
  fileToDataUrl,
  getCaptureSession,
  photoOf,
  postCaptureAction,
  type CaptureType,
  type RouteFrom,
} from '@/api/capture';
import type { CallOptions } from '@/api/request';
import type { FieldError } from '@/shared/api-types';
import { resultPath } from './capture-links';

/** The file inputs of the photo forms posted without scripts, by photo. */
export const PHOTO_FIELDS: Readonly<Record<CaptureType, string>> = { biometrics: 'selfie', passport: 'passport' };

/** What a photo form posted without scripts shows when no photo was chosen. */
export interface PhotosActionData {
  errors: FieldError[];
}

/** A file input posted with a file in it (an empty input posts a nameless, empty file). */
export function postedFile(fields: FormData, name: string): File | undefined {
  const value = fields.get(name);
  return value instanceof File && value.name !== '' && value.size > 0 ? value : undefined;
}

/**
 * Sends photos posted to the server to a capture session in order, as the camera page does (START_CAPTURE, then
 * UPLOAD_IMAGE, checked by the capture API): answers the result page to go to, that of the first photo refused (its
 * reason, a retry, or the blocking outcome), else that of the last one accepted. On the server, `call` names the
 * request the form was posted with.
 */
export async function sendPhotos(
  sessionIdentifier: string,
  photos: readonly { captureType: CaptureType; file: File }[],
  routeFrom: RouteFrom,
  call: CallOptions = {},
): Promise<string> {
  let last: CaptureType = 'biometrics';
  for (const { captureType, file } of photos) {
    try {
      await postCaptureAction(sessionIdentifier, { action: 'START_CAPTURE', captureType }, call);
      await postCaptureAction(
        sessionIdentifier,
        {
          action: 'UPLOAD_IMAGE',
          captureType,
          image: await fileToDataUrl(file),
        },
        call,
      );
    } catch (error) {
      return resultPath({
        status: 'failure',
        errorCode: captureErrorCode(error),
        routeFrom,
        captureType,
        sessionIdentifier,
      });
    }
    last = captureType;
  }
  return resultPath({ status: 'success', routeFrom, captureType: last, sessionIdentifier });
}

/** The message of a photo form sent without a photo, at the first input it offered. */
export function noPhotoChosen(captureType: CaptureType, t: (key: string) => string): PhotosActionData {
  const key = `capture:files.missing.${captureType}`;
  return { errors: [{ field: PHOTO_FIELDS[captureType], key, message: t(key) }] };
}

/**
 * A photo form posted without scripts (the photo step's, or the phone's): the photos chosen go to the session in
 * order and the browser goes on to their result page; without any, the form is shown again with its message.
 */
export async function sendPostedPhotos(
  sessionIdentifier: string,
  fields: FormData,
  routeFrom: RouteFrom,
  t: (key: string) => string,
  call: CallOptions = {},
): Promise<Response | PhotosActionData> {
  const photos = (['biometrics', 'passport'] as const)
    .map((captureType) => ({ captureType, file: postedFile(fields, PHOTO_FIELDS[captureType]) }))
    .filter((photo): photo is { captureType: CaptureType; file: File } => photo.file !== undefined);
  if (photos.length === 0) {
    const view = await getCaptureSession(sessionIdentifier, call).catch(() => undefined);
    return noPhotoChosen(view ? photoOf(view) : 'biometrics', t);
  }
  return redirect(await sendPhotos(sessionIdentifier, photos, routeFrom, call));
}
