import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordHasher, STARTED_KEPT, type PasswordHasher } from './password-hasher';

/**
 * A thread that stands in for argon2: each job sleeps `password` milliseconds and answers "done"; a password of
 * "fail" fails, "crash" ends the thread. The tests read when jobs started from the pool's own record (taken on this
 * thread, with the clock its pacing uses), never from times taken on the threads.
 */
const SLEEPING_THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, job }) => {
  if (job.password === 'crash') process.exit(3);
  if (job.password === 'fail') return parentPort.postMessage({ id, error: 'no such hash' });
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(job.password));
  parentPort.postMessage({ id, value: 'done' });
});
`;

const hashers: PasswordHasher[] = [];
const hasher = (threads: number, source?: string, pacing?: { busy: () => boolean; pacedGapMs: number }) => {
  const created = createPasswordHasher({ threads, lowerPriority: true, source, ...pacing });
  hashers.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(hashers.splice(0).map((h) => h.close()));
});

/** `count` jobs asked for at once, each sleeping `ms` on its thread; resolves when all have answered. */
const jobs = (h: PasswordHasher, count: number, ms: number) =>
  Promise.all(Array.from({ length: count }, () => h.run({ op: 'hash', password: String(ms), options: {} })));

describe('the password hashing threads', () => {
  it('run at most as many jobs at once as they are, and the others in turn', async () => {
    const h = hasher(2, SLEEPING_THREAD);
    expect(await jobs(h, 6, 60)).toEqual(Array(6).fill('done'));
    const started = h.started();
    // In the order they were asked for, the longest waiting first.
    expect(started.map((job) => job.asked)).toEqual([1, 2, 3, 4, 5, 6]);
    // Two at once from the start, and never more: each of the others took the thread the one before it left.
    expect(started.map((job) => job.running)).toEqual([1, 2, 2, 2, 2, 2]);
  });

  it('start jobs spaced out while the server is busy, and together once it is not', async () => {
    let busy = false;
    const h = hasher(3, SLEEPING_THREAD, { busy: () => busy, pacedGapMs: 300 });
    busy = true;
    await jobs(h, 3, 1);
    // Three threads were free, yet each job waited for the gap after the one before it.
    const paced = h.started();
    expect(paced.map((job) => job.asked)).toEqual([1, 2, 3]);
    expect(paced[1].startedAt - paced[0].startedAt).toBeGreaterThanOrEqual(300);
    expect(paced[2].startedAt - paced[1].startedAt).toBeGreaterThanOrEqual(300);
    busy = false;
    await jobs(h, 3, 50);
    // Not busy: the three went to the three threads at once, the last while the first two were still running.
    const free = h.started().slice(3);
    expect(free.map((job) => job.asked)).toEqual([4, 5, 6]);
    expect(free.map((job) => job.running)).toEqual([1, 2, 3]);
  });

  it('keep a bounded record of the jobs they started', async () => {
    const h = hasher(2, SLEEPING_THREAD);
    await jobs(h, STARTED_KEPT + 6, 0);
    const started = h.started();
    expect(started).toHaveLength(STARTED_KEPT);
    expect(started[0].asked).toBe(7);
    expect(started.at(-1)!.asked).toBe(STARTED_KEPT + 6);
  });

  it('answer a failed job as failed and go on with the next', async () => {
    const h = hasher(1, SLEEPING_THREAD);
    await expect(h.run({ op: 'verify', hash: 'x', password: 'fail' })).rejects.toThrow('no such hash');
    expect(await jobs(h, 1, 1)).toEqual(['done']);
  });

  it('fail the job of a thread that ended and start another for the next', async () => {
    const h = hasher(1, SLEEPING_THREAD);
    await expect(h.run({ op: 'hash', password: 'crash', options: {} })).rejects.toThrow(/ended/);
    expect(await jobs(h, 1, 1)).toEqual(['done']);
  });

  it('hash and verify with argon2 at the lowest CPU priority on Linux', async () => {
    const h = hasher(1);
    const stored = (await h.run({ op: 'hash', password: 'Correct-horse-9', options: { memoryCost: 1024 } })) as string;
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await h.run({ op: 'verify', hash: stored, password: 'Correct-horse-9' })).toBe(true);
    expect(await h.run({ op: 'verify', hash: stored, password: 'correct-horse-9' })).toBe(false);
    expect(await h.run({ op: 'priority' })).toBe(process.platform === 'linux' ? 19 : 0);
  });

  it('refuse jobs once closed', async () => {
    const h = hasher(1);
    await h.close();
    await expect(h.run({ op: 'priority' })).rejects.toThrow('closed');
  });
});
