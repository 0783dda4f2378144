import type { PageAction } from '@/engine/form-action';
import { sendPostedPhotos } from './send-photos';

/**
 * The photo step's form posted before (or without) the page's scripts: the selfie and the passport page chosen as
 * files (or just taken with a phone's camera) go to the session in order, checked by the capture API as the camera
 * page's photos are, and the browser goes on to the same result page.
 */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  const sessionIdentifier = new URL(request.url).searchParams.get('sessionIdentifier')?.trim();
  if (!sessionIdentifier) return null;
  return sendPostedPhotos(sessionIdentifier, fields, 'web', t, { scope });
};
