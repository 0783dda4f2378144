import { getRefreshTokenExpiry, isLoggedIn } from './tokens';

/** localStorage key of the last user activity (epoch ms), shared by every tab of the portal. */
export const LAST_ACTIVITY_KEY = 'eta.lastActivity';
/** Activity is written to storage at most this often; the tab itself always knows the exact moment. */
export const ACTIVITY_WRITE_INTERVAL_MS = 10_000;
/** Inactivity limit when SESSION_IDLE_SECONDS is missing or not a positive number (30 minutes). */
export const DEFAULT_IDLE_SECONDS = 1800;

/** What a person does, as opposed to what the page does by itself (timers, refreshes, focus changes). */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

let lastActivity: number | undefined;
/** The inactivity limit in ms the tracker was started with (see startActivityTracker). */
let idleLimit = DEFAULT_IDLE_SECONDS * 1000;
let lastWritten = 0;
let pendingWrite: ReturnType<typeof setTimeout> | undefined;
const holds = new Set<symbol>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function readStored(): number | undefined {
  try {
    const value = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

function write(): void {
  clearTimeout(pendingWrite);
  pendingWrite = undefined;
  if (lastActivity === undefined) return;
  lastWritten = Date.now();
  try {
    // Never move another tab's later activity back.
    const stored = readStored();
    if (stored === undefined || stored < lastActivity) localStorage.setItem(LAST_ACTIVITY_KEY, String(lastActivity));
  } catch {
    // Without storage each tab keeps its own time; the session still ends after inactivity in this tab.
  }
}

/**
 * Records activity now. Storage is written at once when `share` is set or the last write is
 * ACTIVITY_WRITE_INTERVAL_MS old, else once that interval is over, so other tabs learn of it within ~10 s.
 */
export function recordActivity({ share = false }: { share?: boolean } = {}): void {
  const now = Date.now();
  if (lastActivity !== undefined && lastActivity >= now && !share) return;
  lastActivity = Math.max(lastActivity ?? 0, now);
  const sinceWrite = now - lastWritten;
  if (share || sinceWrite >= ACTIVITY_WRITE_INTERVAL_MS) write();
  else pendingWrite ??= setTimeout(write, ACTIVITY_WRITE_INTERVAL_MS - sinceWrite);
  notify();
}

/** The last activity known to this tab (its own or another tab's), in epoch ms; undefined before tracking starts. */
export function getLastActivity(): number | undefined {
  return lastActivity;
}

/** Calls `listener` when the last activity moves (here or in another tab); returns the unsubscribe function. */
export function subscribeActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Stops counting the page's key and pointer events as activity until the returned function is called. The
 * time-out warning holds it while open, so that moving between its buttons does not silently dismiss it:
 * only 'Stay signed in' extends the session.
 */
export function holdActivity(): () => void {
  const hold = Symbol('hold');
  holds.add(hold);
  return () => {
    holds.delete(hold);
  };
}

/** The inactivity limit in ms for the SESSION_IDLE_SECONDS runtime setting (its default when not a positive number). */
export function idleLimitMs(idleSeconds: string | undefined): number {
  const seconds = Number(idleSeconds);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_IDLE_SECONDS) * 1000;
}

/**
 * When the session ends unless the user does something (epoch ms): the earlier of last activity plus the
 * inactivity limit and the refresh token's expiry. Undefined when signed out or nothing is known.
 */
export function sessionDeadline(): number | undefined {
  if (!isLoggedIn()) return undefined;
  const idle = lastActivity === undefined ? undefined : lastActivity + idleLimit;
  const refreshExpiry = getRefreshTokenExpiry()?.getTime();
  if (idle === undefined) return refreshExpiry;
  return refreshExpiry === undefined ? idle : Math.min(idle, refreshExpiry);
}

/**
 * Starts tracking activity: the user's pointer, key and touch events in this tab, and other tabs' activity
 * through the storage event. Opening or reloading a page counts as activity, unless the stored activity of a
 * signed-in session is already older than the inactivity limit (the browser was left or closed): then that
 * session has timed out. `idleSeconds` is the SESSION_IDLE_SECONDS runtime setting. Returns the function that stops
 * tracking.
 */
export function startActivityTracker(idleSeconds?: string): () => void {
  idleLimit = idleLimitMs(idleSeconds);
  const stored = readStored();
  lastActivity = stored;
  lastWritten = 0;
  const timedOut = stored !== undefined && isLoggedIn() && stored + idleLimit <= Date.now();
  if (!timedOut) recordActivity({ share: true });

  const onActivity = () => {
    if (holds.size === 0) recordActivity();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LAST_ACTIVITY_KEY && event.key !== null) return;
    const other = readStored();
    if (other !== undefined && (lastActivity === undefined || other > lastActivity)) {
      lastActivity = other;
      notify();
    }
  };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
  window.addEventListener('storage', onStorage);
  return () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    window.removeEventListener('storage', onStorage);
    clearTimeout(pendingWrite);
    pendingWrite = undefined;
    lastActivity = undefined;
    holds.clear();
  };
}
