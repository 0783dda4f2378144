import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDelayedFlag, OVERLAY_DELAY_MS, useDelayedFlag } from './delayed-flag';

describe('createDelayedFlag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 200 ms before showing', () => {
    expect(OVERLAY_DELAY_MS).toBe(200);
    const changes: boolean[] = [];
    const flag = createDelayedFlag(OVERLAY_DELAY_MS, (v) => changes.push(v));
    flag.set(true);
    vi.advanceTimersByTime(199);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
    flag.set(false);
    expect(changes).toEqual([true, false]);
  });

  it('never shows for an activity shorter than the delay', () => {
    const onChange = vi.fn();
    const flag = createDelayedFlag(OVERLAY_DELAY_MS, onChange);
    flag.set(true);
    vi.advanceTimersByTime(150);
    flag.set(false);
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not restart the delay when the activity is reported again', () => {
    const onChange = vi.fn();
    const flag = createDelayedFlag(OVERLAY_DELAY_MS, onChange);
    flag.set(true);
    vi.advanceTimersByTime(150);
    flag.set(true);
    vi.advanceTimersByTime(50);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('stops its timer when disposed', () => {
    const onChange = vi.fn();
    const flag = createDelayedFlag(OVERLAY_DELAY_MS, onChange);
    flag.set(true);
    flag.dispose();
    vi.advanceTimersByTime(500);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('useDelayedFlag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns true after the delay and false at once', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active), { initialProps: { active: true } });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });
});
