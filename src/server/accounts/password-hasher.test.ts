import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from './password-hasher';

/**
 * A thread that stands in for argon2: each job sleeps `password` milliseconds and answers when it started and
 * ended; a password of "fail" fails, "crash" ends the thread.
 */
const TIMED_THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, job }) => {
  if (job.password === 'crash') process.exit(3);
  if (job.password === 'fail') return parentPort.postMessage({ id, error: 'no such hash' });
  const started = Date.now();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(job.password));
  parentPort.postMessage({ id, value: JSON.stringify({ started, ended: Date.now() }) });
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

const timed = async (h: PasswordHasher, ms: number) =>
  JSON.parse((await h.run({ op: 'hash', password: String(ms), options: {} })) as string) as {
    started: number;
    ended: number;
  };

describe('the password hashing threads', () => {
  it('run at most as many jobs at once as they are, and the others in turn', async () => {
    const h = hasher(2, TIMED_THREAD);
    const runs = await Promise.all(Array.from({ length: 6 }, () => timed(h, 60)));
    // At every job's start, at most two jobs (that one included) have started and not ended.
    for (const run of runs) {
      const atOnce = runs.filter((other) => other.started <= run.started && other.ended > run.started);
      expect(atOnce.length).toBeLessThanOrEqual(2);
    }
    // The six took three turns of two, not six turns of one.
    const span = Math.max(...runs.map((r) => r.ended)) - Math.min(...runs.map((r) => r.started));
    expect(span).toBeLessThan(6 * 60);
  });

  it('start jobs spaced out while the server is busy, and together once it is not', async () => {
    let busy = false;
    const h = hasher(3, TIMED_THREAD, { busy: () => busy, pacedGapMs: 300 });
    // Every thread started first, so that the times below are those of the jobs, not of starting threads.
    await Promise.all(Array.from({ length: 3 }, () => timed(h, 100)));
    busy = true;
    const paced = await Promise.all(Array.from({ length: 3 }, () => timed(h, 1)));
    const starts = paced.map((run) => run.started).sort((a, b) => a - b);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(290);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(290);
    busy = false;
    const free = await Promise.all(Array.from({ length: 3 }, () => timed(h, 1)));
    const spread = Math.max(...free.map((r) => r.started)) - Math.min(...free.map((r) => r.started));
    expect(spread).toBeLessThan(290);
  });

  it('answer a failed job as failed and go on with the next', async () => {
    const h = hasher(1, TIMED_THREAD);
    await expect(h.run({ op: 'verify', hash: 'x', password: 'fail' })).rejects.toThrow('no such hash');
    expect((await timed(h, 1)).ended).toBeGreaterThan(0);
  });

  it('fail the job of a thread that ended and start another for the next', async () => {
    const h = hasher(1, TIMED_THREAD);
    await expect(h.run({ op: 'hash', password: 'crash', options: {} })).rejects.toThrow(/ended/);
    expect((await timed(h, 1)).ended).toBeGreaterThan(0);
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
