import { redirect } from 'react-router-dom';
import { getCaptureSession, photoOf, type CaptureType } from '@/api/capture';
import type { PageAction } from '@/engine/form-action';
import { noPhotoChosen, PHOTO_FIELDS, postedFile, sendPhotos } from './send-photos';

/**
 * The photo step's form posted before (or without) the page's scripts: the selfie and the passport page chosen as
 * files (or just taken with a phone's camera) go to the session in order, checked by the capture API as the camera
 * page's photos are, and the browser goes on to the same result page.
 */
export const action: PageAction = async ({ request, fields, t }) => {
  const sessionIdentifier = new URL(request.url).searchParams.get('sessionIdentifier')?.trim();
  if (!sessionIdentifier) return null;
  const photos = (['biometrics', 'passport'] as const)
    .map((captureType) => ({ captureType, file: postedFile(fields, PHOTO_FIELDS[captureType]) }))
    .filter((photo): photo is { captureType: CaptureType; file: File } => photo.file !== undefined);
  if (photos.length === 0) {
    const view = await getCaptureSession(sessionIdentifier).catch(() => undefined);
    return noPhotoChosen(view ? photoOf(view) : 'biometrics', t);
  }
  return redirect(await sendPhotos(sessionIdentifier, photos, 'web'));
};
