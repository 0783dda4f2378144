import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '@/ui/when-idle';

// Whether the app has taken the page over (or renders the page itself): from then on, a component starts hydrated.
let takenOver = false;

/**
 * Says that the app has taken over the page the server rendered, or renders its page itself (src/app/boot.tsx):
 * components mounted from now on start hydrated. `false` is for tests that render a page as the server does.
 */
export function setPageTakenOver(value = true): void {
  takenOver = value;
}

/** How long one component's switch may take before the next one starts anyway (one that never commits, say). */
const SWITCH_TIMEOUT_MS = 1000;

// The switches waiting, each run after the one before has been committed.
let turns: Promise<void> = Promise.resolve();

/**
 * Queues a component's switch to its hydrated form: `start` runs in a task of its own once the switch before it has
 * been committed, so that each switch is rendered and committed apart. React renders all the transitions waiting at one
 * time together and commits them at once: a page's widgets switching together (a form's comboboxes most of all) would
 * make one long commit just after hydration. Returns `done`, to call once the switch is committed or no longer wanted
 * (the component unmounted): the next switch starts then.
 */
export function queueSwitch(start: () => void): () => void {
  let finished = false;
  let finish!: () => void;
  const committed = new Promise<void>((resolve) => {
    finish = resolve;
  });
  turns = turns.then(async () => {
    if (finished) return;
    await nextTask();
    if (finished) return;
    startTransition(start);
    await Promise.race([committed, new Promise((resolve) => setTimeout(resolve, SWITCH_TIMEOUT_MS))]);
  });
  return () => {
    finished = true;
    finish();
  };
}

/**
 * Whether the page's scripts have taken it over. False on the server and in the render that hydrates a page rendered
 * ahead (so that render matches the server's HTML), true from a later render on, which React makes as a transition:
 * each component that differs is rendered again and committed in a task of its own (queueSwitch), not with the others
 * in one long task just after hydration (a store hook would re-render them all at once). True at once for a page the
 * browser renders itself.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(takenOver);
  // The effect's clean-up runs when the switch is committed (hydrated changes) or the component goes: either way the
  // next component's switch may start.
  useEffect(() => (hydrated ? undefined : queueSwitch(() => setHydrated(true))), [hydrated]);
  return hydrated;
}
