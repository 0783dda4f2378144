import { redirect } from 'react-router-dom';
import type { RouteFrom } from '@/api/capture';
import type { PageAction } from '@/engine/form-action';
import { noPhotoChosen, PHOTO_FIELDS, postedFile, sendPhotos } from './send-photos';

/**
 * The camera page's form posted before (or without) its scripts: the photo chosen (or taken with a phone's camera
 * through the file input) goes to the session, checked as a camera photo is, and the browser goes on to its result.
 */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  const params = new URL(request.url).searchParams;
  const sessionIdentifier = params.get('sessionIdentifier')?.trim();
  if (!sessionIdentifier) return null;
  const captureType = params.get('cameraType') === 'passport' ? 'passport' : 'biometrics';
  const routeFrom: RouteFrom = params.get('routeFrom') === 'mobile' ? 'mobile' : 'web';
  const file = postedFile(fields, PHOTO_FIELDS[captureType]);
  if (!file) return noPhotoChosen(captureType, t);
  return redirect(await sendPhotos(sessionIdentifier, [{ captureType, file }], routeFrom, { scope }));
};
