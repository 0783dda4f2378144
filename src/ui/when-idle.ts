import { afterPageTakenOver } from './page-taken-over';

/**
 * Runs `task` once the browser is idle after the app has taken the page over (a timer where requestIdleCallback is
 * missing). Not before: on a page the server rendered, what is fetched and compiled for later (the language's other
 * texts, the dialogs) would otherwise share the CPU with hydrating the page shown, and lengthen it.
 */
export function whenIdle(task: () => void): void {
  afterPageTakenOver(() => {
    // Only in the browser: the page is taken over there, never in a server's render.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(task, { timeout: 3000 });
    } else {
      setTimeout(task, 200);
    }
  });
}

/**
 * Resolves in a new task, so that what the caller does next does not lengthen the task running now: a start split
 * into steps this way lets the browser paint and answer input between them.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
