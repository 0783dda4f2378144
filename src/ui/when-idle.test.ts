import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPageTakenOver } from './page-taken-over';
import { whenIdle } from './when-idle';

/** Stands in for the browser's requestIdleCallback (jsdom has none): holds each callback until the test runs it. */
function heldIdleCallbacks(): Array<() => void> {
  const held: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => held.push(callback));
  return held;
}

afterEach(() => {
  vi.unstubAllGlobals();
  // As src/test-setup.ts leaves it: a page the browser renders itself.
  setPageTakenOver();
});

describe('whenIdle', () => {
  it('waits for the app to take over a page the server rendered, then for the browser to be idle', () => {
    const idle = heldIdleCallbacks();
    setPageTakenOver(false);
    const task = vi.fn();
    whenIdle(task);
    whenIdle(task);
    // Hydrating: nothing asked of the browser yet.
    expect(idle).toHaveLength(0);
    setPageTakenOver();
    expect(idle).toHaveLength(2);
    expect(task).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(task).toHaveBeenCalledTimes(2);
    // Taken over once: what waited is not run again.
    setPageTakenOver();
    expect(idle).toHaveLength(2);
  });

  it('asks the browser at once once the page is taken over', () => {
    const idle = heldIdleCallbacks();
    const task = vi.fn();
    whenIdle(task);
    expect(idle).toHaveLength(1);
    idle[0]();
    expect(task).toHaveBeenCalledOnce();
  });
});
