import type { Settings } from '@/api/settings';
import type { CaptureType, RouteFrom } from '@/api/capture';
import { isLoopbackUrl } from '@/shared/network';
import { PATHS } from '@/shared/route-paths';

/** Where the application's task list is (the overview every applicant's steps start from). */
export { OVERVIEW_PATH as APPLICATION_OVERVIEW } from '@/api/journey';

const search = (params: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return query.toString();
};

/** The desktop (or signed-in phone) page of one capture session. */
export function captureBiometricsPath(sessionIdentifier: string, applicantIdentifier?: string): string {
  return `${PATHS.captureBiometrics}?${search({ sessionIdentifier, applicantIdentifier })}`;
}

/** The camera page for one photo. */
export function entryPath(cameraType: CaptureType, sessionIdentifier: string, routeFrom: RouteFrom): string {
  return `${PATHS.imageCaptureEntry}?${search({ cameraType, sessionIdentifier, routeFrom })}`;
}

/** The result page of one photo (status, errorCode, routeFrom, captureType, sessionIdentifier). */
export function resultPath(result: {
  status: 'success' | 'failure';
  errorCode?: string;
  routeFrom: RouteFrom;
  captureType: CaptureType;
  sessionIdentifier: string;
}): string {
  return `${PATHS.imageCaptureResult}?${search({
    status: result.status,
    errorCode: result.errorCode,
    routeFrom: result.routeFrom,
    captureType: result.captureType,
    sessionIdentifier: result.sessionIdentifier,
  })}`;
}

/**
 * Where a phone opens the photo link: the address the server offers for phones (in development, this
 * machine's network address instead of a loopback one), else the portal's public address, else this page's
 * origin. `reachable` is false when that is a loopback address, which no phone can open; `network` is true
 * when the server offers the machine's network address in place of the portal's loopback one. `settings` are the
 * runtime settings (FRONT_END_URL, PHONE_URL).
 */
export function phoneAddress(settings: Settings): { base: string; reachable: boolean; network: boolean } {
  const frontEnd = (settings.FRONT_END_URL || window.location.origin).replace(/\/+$/, '');
  const base = (settings.PHONE_URL || frontEnd).replace(/\/+$/, '');
  return {
    base,
    reachable: !isLoopbackUrl(base),
    network: base !== frontEnd && isLoopbackUrl(frontEnd) && !isLoopbackUrl(base),
  };
}

/** The absolute link a phone opens (QR code), on the address of `phoneAddress(settings)`. */
export function phoneLink(sessionIdentifier: string, settings: Settings): string {
  return `${phoneAddress(settings).base}/capture?${search({ sessionIdentifier, routeFrom: 'mobile' })}`;
}

// Which tab took a photo is remembered per tab (sessionStorage), so that the desktop page can tell its own
// camera attempt from a phone's when it sees a capture under way.
const HERE_KEY_PREFIX = 'eta.captureHere.';

/** Remembers that this tab started the camera for the session. */
export function markCapturingHere(sessionIdentifier: string, here: boolean): void {
  try {
    if (here) sessionStorage.setItem(HERE_KEY_PREFIX + sessionIdentifier, '1');
    else sessionStorage.removeItem(HERE_KEY_PREFIX + sessionIdentifier);
  } catch {
    // Without storage the page assumes a phone; the only effect is a message saying a phone is in use.
  }
}

/** True when this tab started the camera for the session. */
export function isCapturingHere(sessionIdentifier: string): boolean {
  try {
    return sessionStorage.getItem(HERE_KEY_PREFIX + sessionIdentifier) === '1';
  } catch {
    return false;
  }
}

/** The value of the button that links the phone on its page before (or without) the page's scripts. */
export const LINK_PHONE_ACTION = 'link-phone';

/** What the phone's page shows when linking it there was refused: the API's message and code. */
export interface LinkRefused {
  linkRefused: { message?: string; code?: string };
}
