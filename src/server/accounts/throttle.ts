import { createHash, randomUUID } from 'node:crypto';
import { repositoryOn, throttleRepository, type On, type ThrottleRepository } from './repository';

/** At most `limit` counted events per sliding window of `windowSeconds`. */
export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
}

/**
 * A limit with a growing delay: after `freeFailures` events in the window, each further one must wait 1, 2, 4, ...
 * seconds after the latest (at most the window); at `limit` events the bucket waits until the oldest leaves the window.
 */
export interface DelayedRule extends ThrottleRule {
  freeFailures: number;
}

/** The limits of the accounts area. */
export const THROTTLE_RULES = {
  /**
   * Failed sign-ins for one address from one client (a client address, or a browser that signed in to the account
   * before): an attacker elsewhere does not slow the owner down.
   */
  loginAccountClient: { limit: 10, windowSeconds: 15 * 60, freeFailures: 5 },
  /**
   * Failed sign-ins for one address from all clients that never signed in to it, so that many client addresses
   * cannot guess without bound. Browsers that signed in before are not held by it; a password reset clears it.
   */
  loginAccount: { limit: 50, windowSeconds: 15 * 60 },
  /** Wrong current passwords given by a signed-in session when changing the password. */
  currentPassword: { limit: 10, windowSeconds: 15 * 60 },
  /** Failed sign-ins from one client address, whatever account they name. */
  loginIp: { limit: 10, windowSeconds: 15 * 60 },
  /** Wrong verification codes or keys from one client address. */
  codeEntryIp: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * E-mails to one address (verification, reset, account-exists) asked for by one client: a client address, or a
   * browser that signed in to the account before. Requests from elsewhere never use up the owner's.
   */
  emailAddressClient: { limit: 5, windowSeconds: 60 * 60 },
  /**
   * E-mails to one address asked for by all clients the account does not know, together. Once reached, each such
   * client still gets one e-mail an hour (its own first), so the owner on a new device is spaced, never locked out.
   */
  emailAddress: { limit: 10, windowSeconds: 60 * 60 },
  /** E-mail requests from one client address, whatever addresses they name (browsers known to the account aside). */
  emailIp: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule | DelayedRule>;

/** The rules with the per-client-address limits the operator configured. */
export function throttleRules(clientLimits: { loginFailures: number; codeEntries: number; emails: number }) {
  return {
    ...THROTTLE_RULES,
    loginIp: { ...THROTTLE_RULES.loginIp, limit: clientLimits.loginFailures },
    codeEntryIp: { ...THROTTLE_RULES.codeEntryIp, limit: clientLimits.codeEntries },
    emailIp: { ...THROTTLE_RULES.emailIp, limit: clientLimits.emails },
  } satisfies Record<keyof typeof THROTTLE_RULES, ThrottleRule | DelayedRule>;
}

/** The state of one bucket: limited, and if so how many seconds until one more event is allowed. */
export interface ThrottleState {
  limited: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** A bucket name that does not store an e-mail address in clear. */
export function addressBucket(kind: string, email: string): string {
  return `${kind}:account:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}

/** A bucket name for one address and one client (a client address, or a known device). */
export function addressClientBucket(kind: string, email: string, client: string): string {
  return `${addressBucket(kind, email)}:${client}`;
}

/** A bucket name for a client address. */
export function ipBucket(kind: string, ip: string): string {
  return `${kind}:ip:${ip}`;
}

/** The counted events: the app's `repositories.throttle`, or a database. */
export type ThrottleEvents = On<ThrottleRepository>;

const eventsOn = (events: ThrottleEvents) => repositoryOn(events, 'latestEvents', throttleRepository);

function windowStart(rule: ThrottleRule, now: Date): string {
  return new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
}

/** Reads a bucket without counting anything. */
export async function throttleState(
  events: ThrottleEvents,
  bucket: string,
  rule: ThrottleRule,
  now: Date,
): Promise<ThrottleState> {
  const latest = await eventsOn(events).latestEvents(bucket, windowStart(rule, now), rule.limit);
  if (latest.length < rule.limit) return { limited: false, count: latest.length, retryAfterSeconds: 0 };
  // The window frees a place when the oldest of the last `limit` events leaves it.
  const oldest = Date.parse(latest[latest.length - 1].occurred_at);
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  return { limited: true, count: latest.length, retryAfterSeconds };
}

/** The wait a delayed rule imposes after `failures` events in its window: 0, then 1, 2, 4, ... seconds. */
export function growingDelaySeconds(failures: number, rule: DelayedRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.windowSeconds, 2 ** (failures - rule.freeFailures));
}

/** Reads a bucket of a delayed rule without counting anything: limited at `limit`, or until the growing delay has passed. */
export async function delayedState(
  events: ThrottleEvents,
  bucket: string,
  rule: DelayedRule,
  now: Date,
): Promise<ThrottleState> {
  const state = await throttleState(events, bucket, rule, now);
  const delay = growingDelaySeconds(state.count, rule);
  if (state.limited || delay === 0) return state;
  const latest = await eventsOn(events).latestEventTime(bucket);
  const retryAfterSeconds = Math.ceil((Date.parse(latest) + delay * 1000 - now.getTime()) / 1000);
  return retryAfterSeconds > 0 ? { limited: true, count: state.count, retryAfterSeconds } : state;
}

/** Counts one event in a bucket and forgets the bucket's events that have left the window. */
export async function recordEvent(
  events: ThrottleEvents,
  bucket: string,
  rule: ThrottleRule,
  now: Date,
): Promise<void> {
  const repository = eventsOn(events);
  await repository.forgetEventsUntil(bucket, windowStart(rule, now));
  await repository.insertEvent(randomUUID(), bucket, now.toISOString());
}

/** Counts one event unless the bucket is already at its limit; answers the state before counting. */
export async function consume(
  events: ThrottleEvents,
  bucket: string,
  rule: ThrottleRule,
  now: Date,
): Promise<ThrottleState> {
  const state = await throttleState(events, bucket, rule, now);
  if (!state.limited) await recordEvent(events, bucket, rule, now);
  return state;
}

/** Forgets every event of a bucket (e.g. an account's failed sign-ins after a successful one). */
export async function clearBucket(events: ThrottleEvents, bucket: string): Promise<void> {
  await eventsOn(events).forgetBucket(bucket);
}

/** Forgets a bucket and every bucket named after it with a ":" (an address's buckets per client). */
export async function clearBucketFamily(events: ThrottleEvents, bucket: string): Promise<void> {
  await eventsOn(events).forgetBucketAndPrefixed(bucket, `${bucket}:`);
}

/** The most restrictive of several states: limited if any is, waiting for the longest. */
export function mostRestrictive(states: ThrottleState[]): ThrottleState {
  return states.reduce(
    (worst, state) =>
      state.limited && (!worst.limited || state.retryAfterSeconds > worst.retryAfterSeconds) ? state : worst,
    { limited: false, count: 0, retryAfterSeconds: 0 },
  );
}
