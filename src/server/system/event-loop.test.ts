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
    // A callback that runs for longer than the window; the window's reading is taken right after it.
    const until = performance.now() + 300;
    while (performance.now() < until);
    await pause(0);
    expect(eventLoopBusy()).toBe(true);
    expect(await becomesIdle()).toBe(true);
  });
});
