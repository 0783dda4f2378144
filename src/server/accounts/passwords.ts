import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { eventLoopBusy, watchHashesWaiting } from '../system/public';
import { createPasswordHasher, type HashJob, type PasswordHasher } from './password-hasher';

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
 * How many argon2 hashes run at once: the cores less one, at least one. Each keeps a core busy for its whole run, on
 * a thread of its own at the lowest CPU priority (password-hasher.ts). Under a burst of sign-ins, the hashes at the
 * priority of everything else made every other call wait for seconds; at the lowest priority they yield to the
 * server's own work, and one core is still left to it, since the faster sign-ins are answered the more signed-in
 * calls follow at once (`npm run bench -- --load-only`). Further sign-ins wait their turn.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);

/**
 * While the event loop is busy, hashes start at most this often: a sign-in then waits for the calls of those already
 * signed in instead of adding its own to them at once. With 200 sign-ins at once on 2 cores, every other call's p99
 * was 0.5 to 1.5 s on PostgreSQL and 0.1 to 0.4 s on SQLite, and 40 to 150 ms once sign-ins were spaced out, which
 * made sign-in itself slower (p99 11 to 18 s instead of 8). Never slower than this, so that sign-ins go on however
 * busy the server stays.
 */
export const PACED_HASH_GAP_MS = 250;

let hasher: PasswordHasher | undefined;
watchHashesWaiting(() => hasher?.waiting() ?? 0);

/** Runs one argon2 job in its turn. */
function hashing(job: HashJob): Promise<string | boolean | number> {
  hasher ??= createPasswordHasher({
    threads: MAX_CONCURRENT_HASHES,
    lowerPriority: true,
    busy: eventLoopBusy,
    pacedGapMs: PACED_HASH_GAP_MS,
  });
  return hasher.run(job);
}

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export async function hashPassword(password: string): Promise<string> {
  return (await hashing({ op: 'hash', password, options: ARGON2_OPTIONS })) as string;
}

/** True when the password matches the stored argon2 hash; a malformed hash counts as no match. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return (await hashing({ op: 'verify', hash: storedHash, password })) === true;
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
