import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getLastActivity,
  holdActivity,
  LAST_ACTIVITY_KEY,
  recordActivity,
  sessionDeadline,
  startActivityTracker,
  subscribeActivity,
} from './activity';
import { clearTokens, storeTokens } from './tokens';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
let stop: () => void = () => undefined;

const stored = () => Number(localStorage.getItem(LAST_ACTIVITY_KEY));
const press = (type = 'pointerdown') => window.dispatchEvent(new Event(type));

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  localStorage.clear();
});

afterEach(() => {
  stop();
  clearTokens();
  vi.useRealTimers();
});

describe('activity tracker', () => {
  it('counts opening the page, then pointer, key and touch events', () => {
    stop = startActivityTracker();
    expect(getLastActivity()).toBe(T0);
    expect(stored()).toBe(T0);
    for (const type of ['pointerdown', 'keydown', 'touchstart']) {
      vi.advanceTimersByTime(MINUTE);
      press(type);
      expect(getLastActivity()).toBe(Date.now());
    }
  });

  it('does not count what the page does by itself', () => {
    stop = startActivityTracker();
    vi.advanceTimersByTime(MINUTE);
    for (const type of ['focus', 'scroll', 'mousemove', 'visibilitychange']) window.dispatchEvent(new Event(type));
    expect(getLastActivity()).toBe(T0);
  });

  it('writes to storage at most every 10 seconds, and the last activity once those are over', () => {
    stop = startActivityTracker();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    vi.advanceTimersByTime(3 * SECOND);
    press();
    vi.advanceTimersByTime(3 * SECOND);
    press();
    expect(setItem).not.toHaveBeenCalled();
    expect(getLastActivity()).toBe(T0 + 6 * SECOND);
    vi.advanceTimersByTime(4 * SECOND);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(stored()).toBe(T0 + 6 * SECOND);
    vi.advanceTimersByTime(MINUTE);
    press();
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(stored()).toBe(Date.now());
    setItem.mockRestore();
  });

  it('shares at once when asked (Stay signed in, signing in)', () => {
    stop = startActivityTracker();
    vi.advanceTimersByTime(2 * SECOND);
    recordActivity({ share: true });
    expect(stored()).toBe(T0 + 2 * SECOND);
  });

  it("follows another tab's later activity through the storage event, never an earlier one", () => {
    stop = startActivityTracker();
    const heard = vi.fn();
    const unsubscribe = subscribeActivity(heard);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(T0 + 5 * MINUTE));
    window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
    expect(getLastActivity()).toBe(T0 + 5 * MINUTE);
    expect(heard).toHaveBeenCalledTimes(1);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(T0 + MINUTE));
    window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
    expect(getLastActivity()).toBe(T0 + 5 * MINUTE);
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('ignores page events while held (the warning is open), and counts them again once released', () => {
    stop = startActivityTracker();
    vi.advanceTimersByTime(MINUTE);
    const release = holdActivity();
    press('keydown');
    expect(getLastActivity()).toBe(T0);
    release();
    press('keydown');
    expect(getLastActivity()).toBe(T0 + MINUTE);
  });

  it('stops listening when stopped', () => {
    stop();
    stop = startActivityTracker();
    stop();
    vi.advanceTimersByTime(MINUTE);
    press();
    expect(stored()).toBe(T0);
  });
});

describe('session deadline', () => {
  it('is undefined when signed out', () => {
    stop = startActivityTracker();
    expect(sessionDeadline()).toBeUndefined();
  });

  it('is the last activity plus SESSION_IDLE_SECONDS, or the refresh token expiry when earlier', () => {
    storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 3600 });
    stop = startActivityTracker();
    expect(sessionDeadline()).toBe(T0 + 30 * MINUTE);
    stop();
    stop = startActivityTracker('600');
    expect(sessionDeadline()).toBe(T0 + 10 * MINUTE);
    storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 300 });
    expect(sessionDeadline()).toBe(T0 + 5 * MINUTE);
  });

  it('keeps a signed-in session that was left too long timed out when the page opens again', () => {
    storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 3600 });
    localStorage.setItem(LAST_ACTIVITY_KEY, String(T0 - 31 * MINUTE));
    stop = startActivityTracker();
    expect(sessionDeadline()).toBe(T0 - MINUTE);
  });

  it('counts opening the page when the stored activity is recent, or belongs to nobody signed in', () => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(T0 - 31 * MINUTE));
    stop = startActivityTracker();
    expect(getLastActivity()).toBe(T0);
  });
});
