/** Runs `task` once the browser is idle after the first paint (a timer where requestIdleCallback is missing). */
export function whenIdle(task: () => void): void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(task, { timeout: 3000 });
  } else {
    setTimeout(task, 200);
  }
}

/**
 * Resolves in a new task, so that what the caller does next does not lengthen the task running now: a start split
 * into steps this way lets the browser paint and answer input between them.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
