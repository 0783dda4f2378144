/** Whole seconds left until `deadline` (never negative). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The moment a screen reader is told how long is left: every 30 seconds, then at 10 seconds (WCAG 2.2.1
 * wants a warning, not a voice reading out every second). Returns the milestone at or above `seconds`.
 */
export function announcementMilestone(seconds: number): number {
  if (seconds <= 10) return 10;
  return Math.ceil(seconds / 30) * 30;
}

/** Minutes and seconds of a duration, for "1 minute 30 seconds". */
export function splitDuration(seconds: number): { minutes: number; seconds: number } {
  return { minutes: Math.floor(seconds / 60), seconds: seconds % 60 };
}
