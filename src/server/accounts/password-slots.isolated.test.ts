import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * argon2 replaced by calls that finish when the test says so, to see how many run at once. The real library runs
 * each on libuv's thread pool, which the access-token checks of every signed-in call share.
 */
const pending: { resolve: (ok: boolean) => void; reject: (error: Error) => void }[] = [];
let running = 0;
let mostAtOnce = 0;
const started = () => {
  running += 1;
  mostAtOnce = Math.max(mostAtOnce, running);
};
vi.mock('@node-rs/argon2', () => ({
  hash: () =>
    new Promise<string>((resolve, reject) => {
      started();
      pending.push({ resolve: () => resolve('$argon2id$stub'), reject });
    }),
  verify: () =>
    new Promise<boolean>((resolve, reject) => {
      started();
      pending.push({ resolve, reject });
    }),
}));

const { MAX_CONCURRENT_HASHES, hashPassword, verifyPassword } = await import('./passwords');

/** Lets every settled promise's continuations run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Finishes the oldest running argon2 call with `ok`, or makes it fail. */
async function finishOne(ok: boolean | Error = true) {
  running -= 1;
  const call = pending.shift();
  if (ok instanceof Error) call?.reject(ok);
  else call?.resolve(ok);
  await settle();
}

afterEach(() => {
  pending.length = 0;
  running = 0;
  mostAtOnce = 0;
});

describe('password hashing under a burst of sign-ins', () => {
  it('runs at most MAX_CONCURRENT_HASHES argon2 calls at once and the others in turn', async () => {
    const burst = 6 * MAX_CONCURRENT_HASHES;
    const results = Array.from({ length: burst }, (_, i) =>
      i % 2 === 0 ? verifyPassword('$argon2id$stored', 'guess') : hashPassword('Zebra-Lantern-47!'),
    );
    await settle();
    expect(running).toBe(MAX_CONCURRENT_HASHES);
    for (let done = 0; done < burst; done++) {
      expect(running).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
      await finishOne(done % 4 !== 0);
    }
    expect(mostAtOnce).toBe(MAX_CONCURRENT_HASHES);
    const answers = await Promise.all(results);
    expect(answers).toHaveLength(burst);
    expect(answers.filter((a) => a === '$argon2id$stub')).toHaveLength(burst / 2);
  });

  it('frees its place when argon2 fails, so that the next call still runs', async () => {
    const first = Array.from({ length: MAX_CONCURRENT_HASHES + 1 }, () => verifyPassword('$argon2id$x', 'y'));
    await settle();
    for (let i = 0; i < MAX_CONCURRENT_HASHES; i++) await finishOne(new Error('bad hash'));
    expect(running).toBe(1);
    await finishOne(true);
    const answers = await Promise.all(first);
    expect(answers.slice(0, MAX_CONCURRENT_HASHES).every((a) => a === false)).toBe(true);
    expect(answers[MAX_CONCURRENT_HASHES]).toBe(true);
  });
});
