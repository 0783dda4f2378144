import { describe, expect, it } from 'vitest';
import { cpuBlockingTime } from './lighthouse';

const PAGE = 'http://127.0.0.1:8205/registration';
const main = { pid: 7, tid: 1 };
const task = (ts: number, dur: number, tdur?: number, thread = main) => ({
  name: 'RunTask',
  ph: 'X',
  ...thread,
  ts: ts * 1000,
  dur: dur * 1000,
  ...(tdur === undefined ? {} : { tdur: tdur * 1000 }),
});
const parse = { name: 'ParseHTML', ph: 'X', ...main, ts: 0, dur: 1000, args: { beginData: { url: PAGE } } };
const fcp = { name: 'firstContentfulPaint', ph: 'I', ...main, ts: 100_000 };

describe("blocking time from the main thread's CPU time", () => {
  it("counts each task after the first paint by its thread's time, 4x, beyond 50 ms", () => {
    const events = [
      parse,
      fcp,
      // Before the first paint: not counted, however long.
      task(10, 80, 80),
      // 20 ms of work (80 ms at 4x: 30 ms blocking) in a task that lasted 40 ms.
      task(200, 40, 20),
      // 1 ms of work in a task that lasted 30 ms while the thread waited for a core: 0.
      task(300, 30, 1),
      // 12.5 ms of work: exactly 50 ms at 4x, 0.
      task(400, 13, 12.5),
      // Another thread's task: not the page's.
      task(500, 90, 90, { pid: 7, tid: 2 }),
    ];
    expect(cpuBlockingTime(events, PAGE)).toBeCloseTo(30, 6);
  });

  it('is not a number when the trace lacks the page, its first paint or its threads’ times', () => {
    expect(cpuBlockingTime([fcp, task(200, 40, 20)], PAGE)).toBeNaN();
    expect(cpuBlockingTime([parse, task(200, 40, 20)], PAGE)).toBeNaN();
    expect(cpuBlockingTime([parse, fcp, task(200, 40)], PAGE)).toBeNaN();
  });

  it('counts a task whose thread time the trace leaves out for its wall time', () => {
    // As Chromium writes some tasks of a microsecond: no thread time.
    expect(cpuBlockingTime([parse, fcp, task(200, 40, 20), task(300, 0.001)], PAGE)).toBeCloseTo(30, 6);
    // Its wall time bounds its work: 20 ms (30 ms blocking at 4x).
    expect(cpuBlockingTime([parse, fcp, task(200, 40, 1), task(300, 20)], PAGE)).toBeCloseTo(30, 6);
  });

  it('finds the page under its address without the query when the trace names it with another', () => {
    expect(cpuBlockingTime([parse, fcp, task(200, 40, 20)], `${PAGE}?lng=fr`)).toBeCloseTo(30, 6);
  });
});
