import { describe, expect, it } from 'vitest';
import { eventLoopBusy } from './event-loop';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the event loop comes to count as idle within two seconds (other work of the test run may hold it first). */
async function becomesIdle(): Promise<boolean> {
  for (const until = performance.now() + 2000; performance.now() < until; await pause(50))
    if (!eventLoopBusy()) return true;
  return false;
}

describe('whether the event loop is busy', () => {
  it('says so after a stretch of work that keeps it running, and not once it has been idle again', async () => {
    expect(await becomesIdle()).toBe(true);
    // Callbacks that each run for twice the window, one after the other with only a timer's turn between them: the
    // window read after the second (or a later one) was spent working. The first reading may still take in part of
    // the idle time before it.
    let busy = false;
    for (let stretch = 0; stretch < 4 && !busy; stretch += 1) {
      const until = performance.now() + 200;
      while (performance.now() < until);
      await pause(0);
      busy = eventLoopBusy();
    }
    expect(busy).toBe(true);
    expect(await becomesIdle()).toBe(true);
  });
});
