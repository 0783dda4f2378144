import type { LoginResult } from '@/shared/api-types';
import { productRequest } from '../request';
import type { RequestScope } from '../request-scope';
import { recordActivity } from './activity';
import { clearTokens, getRefreshToken, storeTokens } from './tokens';
import { API_PATHS } from '@/shared/contract';

/** localStorage key of the signed-in profile's identifier. */
export const PROFILE_IDENTIFIER_KEY = 'eta.profileIdentifier';
export const LOGOUT_PATH = `${API_PATHS.profile}/logout`;
/** The button of the sign-out form (posted to /login without scripts, see login-action.ts). */
export const SIGN_OUT_ACTION = 'sign-out';

/** Stores the tokens of a successful login and remembers the profile identifier; signing in is activity. */
export function signIn(result: LoginResult): void {
  recordActivity({ share: true });
  storeTokens(result.tokenInfo);
  try {
    localStorage.setItem(PROFILE_IDENTIFIER_KEY, result.profileIdentifier);
  } catch {
    // Storage can be unavailable (private mode, quota); the cookies alone keep the user signed in.
  }
}

/** The identifier of the signed-in profile, if remembered. */
export function getProfileIdentifier(): string | undefined {
  try {
    return localStorage.getItem(PROFILE_IDENTIFIER_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the local session: auth cookies and profile identifier. */
export function forgetSession(): void {
  try {
    localStorage.removeItem(PROFILE_IDENTIFIER_KEY);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
  clearTokens();
}

/**
 * Ends the session on the server (POST logout with the refresh token) and locally. The local session ends
 * even when the call fails: the user asked to leave. On the server, `scope` is the request whose session ends.
 */
export async function logout(scope?: RequestScope): Promise<void> {
  const refreshToken = scope ? scope.refreshToken : getRefreshToken();
  try {
    await productRequest({
      method: 'POST',
      path: LOGOUT_PATH,
      body: refreshToken ? { refreshToken } : {},
      loading: true,
      scope,
    });
  } finally {
    // On the server, the page's answer clears the browser's cookies (see login-action.ts).
    if (!scope) forgetSession();
  }
}
