import { redirect } from 'react-router-dom';
import { postCaptureAction } from '@/api/capture';
import { ApiError } from '@/api/request';
import { setResponseCookie } from '@/api/request-scope';
import type { PageAction } from '@/engine/form-action';
import { FORM_FIELDS } from '@/engine/form-address';
import { CAPTURE_DEVICE_COOKIE } from '@/shared/contract';
import { setCookie } from '@/shared/set-cookie';
import { LINK_PHONE_ACTION, type LinkRefused } from './capture-links';
import { sendPostedPhotos } from './send-photos';

/**
 * The phone's page (/capture) posted before (or without) its scripts. "Use this phone" links the phone to the
 * session, as the page's scripts do on their own: its device token is kept in an HttpOnly cookie for the browser's
 * session (the capture API reads it when no header carries it), and the page is shown again, linked. The photos
 * chosen (or just taken with the phone's camera) then go to the session in order, checked as the camera's are, and
 * the phone goes on to the same result pages.
 */
export const action: PageAction = async ({ request, fields, scope, t }) => {
  const url = new URL(request.url);
  const sessionIdentifier = url.searchParams.get('sessionIdentifier')?.trim();
  if (!sessionIdentifier) return null;
  if (fields.get(FORM_FIELDS.action) === LINK_PHONE_ACTION) {
    try {
      const linked = await postCaptureAction(sessionIdentifier, { action: 'LINK_PHONE' }, { scope });
      if (linked.deviceToken) {
        const value = `${sessionIdentifier}.${linked.deviceToken}`;
        setResponseCookie(scope, setCookie(CAPTURE_DEVICE_COOKIE, value, { httpOnly: true }));
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return {
        linkRefused: { message: error.errorBody?.error, code: error.errorBody?.code },
      } satisfies LinkRefused;
    }
    return redirect(`${url.pathname}${url.search}`);
  }
  return sendPostedPhotos(sessionIdentifier, fields, 'mobile', t, { scope });
};
