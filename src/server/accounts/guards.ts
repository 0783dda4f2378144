import { ERROR_CODES, type EmailAction } from '../../shared/contract';
import { ApiError } from '../errors';
import { recordThrottled } from '../system/public';
import { translate } from '../i18n';
import { CODE_LIFETIME_SECONDS, CODE_MAX_ATTEMPTS, consumeCode, type CodeOutcome } from './email-keys';
import type { EmailKeysRepository, ThrottleRepository } from './repository';
import type { ProfilesTable } from './tables';
import {
  addressBucket,
  addressClientBucket,
  clearBucket,
  consume,
  ipBucket,
  mostRestrictive,
  recordEvent,
  throttleRules,
  throttleState,
  type ThrottleState,
} from './throttle';

/** Who asks for an e-mail: the client address, and the browser when it signed in to the address's account before. */
export interface EmailClient {
  ip: string;
  /** The known device (see known-device.ts) of the address's account, when the request carries its cookie. */
  device?: string;
}

/** The addresses are compared as stored: trimmed and in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * A 429 that says how long to wait: a short growing delay in seconds, a longer wait in minutes. `limit` names what
 * was limited in the metrics (sign-in, code, email, current-password).
 */
export function tooMany(state: ThrottleState, limit: string): ApiError {
  recordThrottled(limit);
  const inSeconds = state.retryAfterSeconds < 60;
  return new ApiError(
    429,
    ERROR_CODES.tooManyRequests,
    inSeconds ? 'api:accounts.tooManyAttemptsSeconds' : 'api:accounts.tooManyAttempts',
    {
      retryAfterSeconds: state.retryAfterSeconds,
      vars: {
        count: inSeconds ? Math.max(1, Math.ceil(state.retryAfterSeconds)) : Math.ceil(state.retryAfterSeconds / 60),
      },
    },
  );
}

/** A password on the list of common passwords is refused like a schema problem of its field. */
export function commonPasswordError(field: string, lang: string): ApiError {
  return new ApiError(400, ERROR_CODES.validationFailed, 'validation:request.invalid', {
    fields: [{ field, key: 'api:password.common', message: translate(lang, 'api:password.common') }],
  });
}

/** The limits of the account calls, with the per-client-address limits the operator configured (throttleRules). */
export type AccountRules = ReturnType<typeof throttleRules>;

/**
 * What the limits of the account calls work with, made once per app: the app's throttle and e-mail keys
 * repositories, the server secret codes are keyed with, and the rules. They count in the database: e-mails per
 * address and per client, wrong keys and codes per client, and the attempts at a code that does not exist.
 */
export interface LimitsDeps {
  repositories: { throttle: ThrottleRepository; emailKeys: EmailKeysRepository };
  config: { jwtSecret: string };
  rules: AccountRules;
}

/**
 * Wrong codes for an address without a live code (no account, already confirmed, code expired) are counted per
 * address and purpose like a real code's attempts, so that the fifth answer is the same whether or not a code is
 * pending: the answers never tell a guesser that an account exists. A new e-mail request starts the count again,
 * as a new code would.
 */
const absentCodeRule = { limit: CODE_MAX_ATTEMPTS, windowSeconds: CODE_LIFETIME_SECONDS };
const absentCodeBucket = (email: string, purpose: EmailAction) => addressBucket(`absent-code-${purpose}`, email);
/** The e-mails to an address asked for by one client: its known device, else its client address. */
const ownBucket = (email: string, client: EmailClient) =>
  addressClientBucket('mail', email, client.device ? `device:${client.device}` : `ip:${client.ip}`);

/**
 * Counts one e-mail to an address, by the client that asked for it; the address's wrong codes are forgotten. Used
 * for an e-mail that `allowEmailFor` let through as a sign-up, when the request turned out not to create the account
 * (another registration of the address got there first): it goes to an existing account, so it counts like any other.
 */
export async function countEmailFor(
  { repositories: { throttle }, rules }: LimitsDeps,
  email: string,
  purpose: EmailAction,
  client: EmailClient,
  now: Date,
): Promise<void> {
  await recordEvent(throttle, ownBucket(email, client), rules.emailAddressClient, now);
  if (!client.device) {
    await recordEvent(throttle, addressBucket('mail', email), rules.emailAddress, now);
    await recordEvent(throttle, ipBucket('mail', client.ip), rules.emailIp, now);
  }
  await clearBucket(throttle, absentCodeBucket(email, purpose));
}

/**
 * Counts one e-mail to an address, or answers 429; a new e-mail forgets the address's wrong codes of that
 * purpose. Each client has its own hourly allowance for the address (a browser known to the account on its own,
 * any other client per client address), so requests from elsewhere never use up the owner's. Clients the
 * account does not know are also counted per client address and, together, per address: once that is full,
 * each of them still gets its first e-mail of the hour, so the owner on a new device is spaced, never locked
 * out, while a stranger who has had one waits.
 *
 * `signUp`: the confirmation e-mail of an account the request creates. It is held by the same limits but counted
 * only among the client address's e-mails, never against the address's own allowances: an address gets it once
 * (later registrations find the account and are counted), and the owner who has just registered keeps every
 * "send the e-mail again" of the hour.
 */
export async function allowEmailFor(
  deps: LimitsDeps,
  email: string,
  purpose: EmailAction,
  client: EmailClient,
  now: Date,
  { signUp = false }: { signUp?: boolean } = {},
): Promise<void> {
  const { rules } = deps;
  const { throttle } = deps.repositories;
  const own = ownBucket(email, client);
  const ownState = await throttleState(throttle, own, rules.emailAddressClient, now);
  let state = ownState;
  if (!client.device) {
    const address = await throttleState(throttle, addressBucket('mail', email), rules.emailAddress, now);
    // Limited while the client has had an e-mail to this address within the window.
    const spaced = await throttleState(throttle, own, { ...rules.emailAddressClient, limit: 1 }, now);
    state = mostRestrictive([
      ownState,
      await throttleState(throttle, ipBucket('mail', client.ip), rules.emailIp, now),
      address.limited && spaced.limited
        ? { ...address, retryAfterSeconds: Math.min(address.retryAfterSeconds, spaced.retryAfterSeconds) }
        : { ...address, limited: false },
    ]);
  }
  if (state.limited) throw tooMany(state, 'email');
  if (signUp) {
    await recordEvent(throttle, ipBucket('mail', client.ip), rules.emailIp, now);
    await clearBucket(throttle, absentCodeBucket(email, purpose));
    return;
  }
  await countEmailFor(deps, email, purpose, client, now);
}

/** Answers 429 when this client has entered too many wrong keys or codes lately. */
export async function guardCodeEntry({ repositories, rules }: LimitsDeps, ip: string, now: Date): Promise<void> {
  const state = await throttleState(repositories.throttle, ipBucket('code', ip), rules.codeEntryIp, now);
  if (state.limited) throw tooMany(state, 'code');
}

/** Counts one wrong key or code entered by this client. */
export const countWrongEntry = ({ repositories, rules }: LimitsDeps, ip: string, now: Date) =>
  recordEvent(repositories.throttle, ipBucket('code', ip), rules.codeEntryIp, now);

/** Checks an e-mailed code, counting wrong ones for addresses without a live code the same way. */
export async function checkCode(
  { repositories, config }: LimitsDeps,
  email: string,
  profile: ProfilesTable | undefined,
  purpose: EmailAction,
  code: string,
  now: Date,
): Promise<CodeOutcome> {
  const outcome: CodeOutcome = profile
    ? await consumeCode(repositories.emailKeys, config.jwtSecret, profile.id, purpose, code, now)
    : { ok: false, reason: 'no-code' };
  if (outcome.ok || outcome.reason !== 'no-code') return outcome;
  const before = await consume(repositories.throttle, absentCodeBucket(email, purpose), absentCodeRule, now);
  return before.limited || before.count + 1 >= CODE_MAX_ATTEMPTS
    ? { ok: false, reason: 'attempts-exceeded' }
    : { ok: false, reason: 'invalid' };
}
