// Whether the app has taken the page over (or renders the page itself). Free of React: the entry's own module
// (src/main.tsx) reaches this through when-idle.ts, and must run before React has loaded (src/main.test.ts).
let takenOver = false;
// What waits for that (afterPageTakenOver).
let waiting: Array<() => void> = [];

/**
 * Says that the app has taken over the page the server rendered, or renders its page itself (src/app/boot.tsx):
 * components mounted from now on start hydrated (useHydrated), and what waited for it runs. `false` is for tests that
 * render a page as the server does.
 */
export function setPageTakenOver(value = true): void {
  takenOver = value;
  if (!value) return;
  const ready = waiting;
  waiting = [];
  for (const task of ready) task();
}

/** Whether the app has taken the page over (see setPageTakenOver). */
export function isPageTakenOver(): boolean {
  return takenOver;
}

/** Runs `task` once the app has taken the page over (see setPageTakenOver): at once if it has. */
export function afterPageTakenOver(task: () => void): void {
  if (takenOver) task();
  else waiting.push(task);
}
