import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** libuv's thread pool when UV_THREADPOOL_SIZE does not say otherwise. */
const DEFAULT_THREAD_POOL_SIZE = 4;

/**
 * OWASP password storage parameters for argon2id (m=19 MiB, t=2, p=1).
 * The algorithm is written as its numeric value because @node-rs/argon2 ships it as an
 * ambient const enum, which isolated modules cannot read.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * How many argon2 hashes may run at once on a machine of `cores` cores whose libuv thread pool has `threads`
 * threads. Each hash keeps a core and a pool thread busy for its whole run, so: one core is left to everything
 * else the server does (on 2 cores, two hashes at once made every other call of a burst of sign-ins wait twice as
 * long and did not sign anyone in sooner), and two pool threads are left to file access and the WebCrypto check of
 * the access token of every signed-in call (with the pool full of hashes, other calls waited up to 17 s).
 * Measured by `npm run bench -- --load-only`.
 */
export function concurrentHashes(cores: number, threads: number): number {
  return Math.max(1, Math.min(cores - 1, threads - 2));
}

/** At most this many hashes run at once; a burst of sign-ins waits its turn here. */
export const MAX_CONCURRENT_HASHES = concurrentHashes(
  availableParallelism(),
  Number(process.env.UV_THREADPOOL_SIZE) || DEFAULT_THREAD_POOL_SIZE,
);

let hashesRunning = 0;
const waitingForHash: (() => void)[] = [];

/** Runs one argon2 call when a place is free; a finished call hands its place to the longest waiting one. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashesRunning < MAX_CONCURRENT_HASHES) hashesRunning += 1;
  else await new Promise<void>((resolve) => waitingForHash.push(resolve));
  try {
    return await work();
  } finally {
    const next = waitingForHash.shift();
    if (next) next();
    else hashesRunning -= 1;
  }
}

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, ARGON2_OPTIONS));
}

/** True when the password matches the stored argon2 hash; a malformed hash counts as no match. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(storedHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification, for unknown accounts, so that the answer time
 * does not reveal whether an address is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-that-is-never-issued');
  await verifyPassword(await dummyHash, password);
  return false;
}

let blockList: Set<string> | undefined;

/** The shipped list of the 10 000 most common passwords, lower-cased. */
export function commonPasswords(): Set<string> {
  if (!blockList) {
    const text = readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8');
    blockList = new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
  }
  return blockList;
}

/**
 * True when the password is on the common-password list, compared case-insensitively.
 * The composition rules force a capital, a digit and a symbol, so "Password1!" must also be caught:
 * the password is checked as typed and with its non-alphanumeric characters removed.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const lettersAndDigits = lower.replace(/[^\p{L}\p{N}]/gu, '');
  return lettersAndDigits.length > 0 && list.has(lettersAndDigits);
}
