import { describe, expect, it } from 'vitest';
import { announcementMilestone, secondsLeft, splitDuration } from './countdown';

describe('countdown', () => {
  it('counts whole seconds left, never below zero', () => {
    expect(secondsLeft(10_500, 0)).toBe(11);
    expect(secondsLeft(1_000, 5_000)).toBe(0);
  });

  it('announces every 30 seconds, then at 10 seconds, not every second', () => {
    const heard = new Set(Array.from({ length: 120 }, (_, i) => announcementMilestone(120 - i)));
    expect([...heard]).toEqual([120, 90, 60, 30, 10]);
  });

  it('splits a duration into minutes and seconds', () => {
    expect(splitDuration(90)).toEqual({ minutes: 1, seconds: 30 });
    expect(splitDuration(59)).toEqual({ minutes: 0, seconds: 59 });
  });
});
