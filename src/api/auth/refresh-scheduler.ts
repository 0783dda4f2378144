import type { LoginResult, TokenInfo } from '@/shared/api-types';
import { productRequest } from '../request';
import { forgetSession } from './session';
import { getAccessToken, getAccessTokenExpiry, getRefreshToken, storeTokens, subscribeAuth } from './tokens';

export const REFRESH_PATH = '/api/eta/profile/refresh';
/** Refresh this long before the access token expires (spec section 4). */
export const REFRESH_LEAD_MS = 60_000;
/** setTimeout fires at once for longer delays, so very long lifetimes are waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;

export type SessionEndReason = 'missing-refresh-token' | 'refresh-failed';

export interface RefreshSchedulerOptions {
  /** Called after the local session was ended by the scheduler; the app resets its caches and goes to /login. */
  onSessionEnded(reason: SessionEndReason): void;
}

function isTokenInfo(value: unknown): value is TokenInfo {
  const info = value as TokenInfo | null | undefined;
  return (
    typeof info === 'object' &&
    info !== null &&
    typeof info.accessToken === 'string' &&
    typeof info.refreshToken === 'string' &&
    typeof info.expiresIn === 'number' &&
    typeof info.refreshExpiresIn === 'number'
  );
}

/** The token info of a refresh answer, which may be a TokenInfo or a LoginResult. */
export function tokenInfoOf(data: unknown): TokenInfo | undefined {
  if (isTokenInfo(data)) return data;
  const nested = (data as Partial<LoginResult> | null | undefined)?.tokenInfo;
  return isTokenInfo(nested) ? nested : undefined;
}

/** Milliseconds to wait before refreshing: one minute before expiry, 0 when that moment has passed or is unknown. */
export function refreshDelay(expiry: Date | undefined, now: number): number {
  if (!expiry) return 0;
  return Math.max(0, expiry.getTime() - now - REFRESH_LEAD_MS);
}

/**
 * Keeps the session alive: refreshes the tokens one minute before the access token expires (at once when that
 * is less than a minute away, or when only the refresh token is left), and ends the session when there is an
 * access token without a refresh token or the refresh fails. Re-plans whenever tokens are stored or cleared.
 * Returns the function that stops it.
 */
export function startRefreshScheduler(options: RefreshSchedulerOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let refreshing = false;

  const endSession = (reason: SessionEndReason) => {
    forgetSession();
    options.onSessionEnded(reason);
  };

  const plan = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || refreshing) return;
    const accessToken = getAccessToken();
    if (!getRefreshToken()) {
      if (accessToken) endSession('missing-refresh-token');
      return;
    }
    const delay = accessToken ? refreshDelay(getAccessTokenExpiry(), Date.now()) : 0;
    timer = setTimeout(() => void run(), Math.min(delay, MAX_TIMER_MS));
  };

  const run = async () => {
    timer = undefined;
    // Another tab may have refreshed meanwhile (the cookies are shared): then only re-plan.
    if (getAccessToken() && refreshDelay(getAccessTokenExpiry(), Date.now()) > 0) {
      plan();
      return;
    }
    const refreshToken = getRefreshToken();
    if (!refreshToken) {
      plan();
      return;
    }
    refreshing = true;
    const result = await productRequest({ method: 'POST', path: REFRESH_PATH, body: { refreshToken }, auth: false });
    refreshing = false;
    if (stopped) return;
    const tokenInfo = result.success ? tokenInfoOf(result.data) : undefined;
    if (tokenInfo) {
      storeTokens(tokenInfo);
    } else if (getRefreshToken() === refreshToken) {
      endSession('refresh-failed');
    } else {
      // The tokens changed while the call ran (sign-out, or another tab refreshed): follow them.
      plan();
    }
  };

  const unsubscribe = subscribeAuth(plan);
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
