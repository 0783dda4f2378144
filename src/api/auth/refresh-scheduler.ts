import type { LoginResult, TokenInfo } from '@/shared/api-types';
import { productRequest } from '../request';
import { sessionDeadline, startActivityTracker } from './activity';
import { forgetSession, logout } from './session';
import { getAccessToken, getAccessTokenExpiry, getRefreshToken, storeTokens, subscribeAuth } from './tokens';
import { API_PATHS } from '@/shared/contract';

export const REFRESH_PATH = `${API_PATHS.profile}/refresh`;
/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 60_000;
/**
 * Waits before trying a failed refresh again (network down, time-out, server error, or a page being left
 * mid-call); after these the session ends. A refusal (401/403) ends it at once.
 */
export const REFRESH_RETRY_DELAYS_MS = [2_000, 5_000, 10_000] as const;
/** setTimeout fires at once for longer delays, so very long lifetimes are waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;

export type SessionEndReason = 'missing-refresh-token' | 'refresh-failed' | 'inactivity';

export interface RefreshSchedulerOptions {
  /** Called after the local session was ended by the scheduler; the app resets its caches and goes to /login. */
  onSessionEnded(reason: SessionEndReason): void;
  /** The SESSION_IDLE_SECONDS runtime setting: the inactivity after which the session ends. */
  idleSeconds?: string;
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

/** How a refresh went: new tokens stored, refused by the server (401/403), failed otherwise, or nothing to refresh with. */
export type RefreshOutcome = 'refreshed' | 'refused' | 'failed' | 'no-token';

/** Name of the Web Lock that lets one tab at a time refresh (the cookies, and so the refresh token, are shared). */
const REFRESH_LOCK = 'eta.refresh';

let inFlight: Promise<RefreshOutcome> | undefined;

async function refreshWith(seenToken: string | undefined): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return 'no-token';
  // Another tab rotated the token while this one waited for the lock: its new cookies serve this tab too.
  if (seenToken !== undefined && refreshToken !== seenToken) return 'refreshed';
  const result = await productRequest({ method: 'POST', path: REFRESH_PATH, body: { refreshToken }, auth: false });
  const tokenInfo = result.success ? tokenInfoOf(result.data) : undefined;
  if (tokenInfo) {
    storeTokens(tokenInfo);
    return 'refreshed';
  }
  return result.status === 401 || result.status === 403 ? 'refused' : 'failed';
}

/**
 * Refreshes the tokens now, one refresh at a time: callers that come while a refresh runs share it, and
 * where the browser has Web Locks, tabs take turns. Two refreshes with the same token would look like a
 * stolen token being replayed and end the session.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!inFlight) {
    const seenToken = getRefreshToken();
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    const run = locks ? locks.request(REFRESH_LOCK, () => refreshWith(seenToken)) : refreshWith(undefined);
    inFlight = run.finally(() => {
      inFlight = undefined;
    });
  }
  return inFlight;
}

/** Refreshes the tokens now (single-flight, see refreshSession); true when new tokens were stored. */
export async function refreshNow(): Promise<boolean> {
  return (await refreshSession()) === 'refreshed';
}

/** Milliseconds to wait before refreshing: one minute before expiry, 0 when that moment has passed or is unknown. */
export function refreshDelay(expiry: Date | undefined, now: number): number {
  if (!expiry) return 0;
  return Math.max(0, expiry.getTime() - now - REFRESH_LEAD_MS);
}

/**
 * Keeps the session alive while the user is active: refreshes the tokens one minute before the access token
 * expires (at once when that is less than a minute away, or when only the refresh token is left), and ends
 * the session when the user has been inactive for SESSION_IDLE_SECONDS (server logout, then cookies cleared),
 * when there is an access token without a refresh token, or when the server refuses the refresh (a failed
 * call is tried again a few times first: an answer lost to a dropped connection or a reload is recovered by
 * the server's grace period). Tracks activity for that
 * while it runs, and re-plans whenever tokens are stored or cleared. Returns the function that stops it.
 */
export function startRefreshScheduler(options: RefreshSchedulerOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let busy = false;
  let failures = 0;
  // The deadline of the session this tab watches, kept after its cookies vanish: when another tab ended it
  // for inactivity, this tab must tell its user too.
  let watchedDeadline: number | undefined;

  const ended = (reason: SessionEndReason) => {
    watchedDeadline = undefined;
    options.onSessionEnded(reason);
  };
  const endLocally = (reason: SessionEndReason) => {
    forgetSession();
    ended(reason);
  };
  const endForInactivity = async () => {
    busy = true;
    try {
      await logout();
    } catch {
      // logout() has forgotten the local session already; the server's session runs out with its token.
    } finally {
      busy = false;
    }
    if (!stopped) ended('inactivity');
  };

  const plan = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || busy) return;
    const now = Date.now();
    const accessToken = getAccessToken();
    if (!getRefreshToken()) {
      if (accessToken) endLocally('missing-refresh-token');
      else if (watchedDeadline !== undefined && now >= watchedDeadline) ended('inactivity');
      else watchedDeadline = undefined;
      return;
    }
    const deadline = sessionDeadline() ?? Infinity;
    watchedDeadline = deadline;
    if (now >= deadline) {
      void endForInactivity();
      return;
    }
    const refreshIn = accessToken ? refreshDelay(getAccessTokenExpiry(), now) : 0;
    timer = setTimeout(() => void run(), Math.min(refreshIn, deadline - now, MAX_TIMER_MS));
  };

  const run = async () => {
    timer = undefined;
    const now = Date.now();
    const refreshToken = getRefreshToken();
    // Not due when another tab has refreshed meanwhile (the cookies are shared), or when the timer was set
    // for the inactivity deadline: plan() then ends the session or waits on.
    const due =
      refreshToken !== undefined &&
      now < (sessionDeadline() ?? Infinity) &&
      (!getAccessToken() || refreshDelay(getAccessTokenExpiry(), now) === 0);
    if (!due) {
      plan();
      return;
    }
    busy = true;
    const outcome = await refreshSession();
    busy = false;
    if (stopped) return;
    // New tokens, or the tokens changed while the call ran (sign-out, or another tab refreshed): follow them.
    if (outcome === 'refreshed' || getRefreshToken() !== refreshToken) {
      failures = 0;
      plan();
      return;
    }
    if (outcome === 'failed' && failures < REFRESH_RETRY_DELAYS_MS.length) {
      timer = setTimeout(() => void run(), REFRESH_RETRY_DELAYS_MS[failures]);
      failures += 1;
      return;
    }
    failures = 0;
    endLocally('refresh-failed');
  };

  const stopTracking = startActivityTracker(options.idleSeconds);
  const unsubscribe = subscribeAuth(plan);
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    stopTracking();
  };
}
