/** Account calls the shell makes on every page (profile language, session renewal, the time-out mark), without react-query. */
import { API_PATHS } from '@/shared/contract/paths';
import type { Profile } from '@/shared/contract';
import { recordActivity } from './auth/activity';
import { refreshSession } from './auth/refresh-scheduler';
import { forgetSession } from './auth/session';
import { holdCallsUntil, productRequest, unwrap, type CallOptions } from './request';

/** Base path of every account call. */
export const PROFILE_PATH = API_PATHS.profile;

/** GET profile, outside react-query (for the header, which also renders where no query client is). */
export async function fetchProfile(call: CallOptions = {}): Promise<Profile> {
  return unwrap(await productRequest<Profile>({ method: 'GET', path: PROFILE_PATH, ...call }));
}

/**
 * PATCH profile: saves the language the API answers and e-mails the signed-in user in. The calls started after
 * it wait for it, so that they are answered in the new language.
 */
export async function saveProfileLanguage(language: string): Promise<Profile> {
  const saving = productRequest<Profile>({ method: 'PATCH', path: PROFILE_PATH, body: { language } });
  holdCallsUntil(saving);
  return unwrap(await saving);
}

/**
 * 'Stay signed in': counts as activity (in every tab) and renews the session now through the scheduler's
 * single-flight refresh, so it never races the scheduler into a reuse detection. Resolves false, after
 * forgetting the local session, when the server no longer accepts the token; a network failure leaves the
 * session as it is.
 */
export async function refreshSessionNow(): Promise<boolean> {
  recordActivity({ share: true });
  const outcome = await refreshSession();
  if (outcome === 'refused' || outcome === 'no-token') forgetSession();
  return outcome === 'refreshed';
}

/** sessionStorage key telling the login page that the session ended by time-out. */
const SESSION_ENDED_KEY = 'eta.sessionEnded';

/**
 * Remembers, for the next login page, that the session ran out. Stored rather than passed in router state
 * because the auth guard of the page being left may redirect to /login on its own, without that state.
 */
export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  } catch {
    // Without storage the login page simply shows no explanation.
  }
}

/** Whether the session ended by time-out since the last login page. */
export function hasSessionEnded(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Forgets the time-out mark once the login page has shown it. */
export function clearSessionEnded(): void {
  try {
    sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Nothing stored.
  }
}
