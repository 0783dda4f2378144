import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { EmailAction } from '../../shared/contract';
import { emailKeysRepository, repositoryOn, type EmailKeysRepository, type On } from './repository';

/** How long a link key lives, by purpose, and how long a code lives (seconds). */
export const KEY_LIFETIME_SECONDS: Record<EmailAction, number> = {
  VERIFY_EMAIL: 24 * 60 * 60,
  RESET_PASSWORD: 60 * 60,
};
export const CODE_LIFETIME_SECONDS = 10 * 60;
/** Wrong entries after which a code is dead. */
export const CODE_MAX_ATTEMPTS = 5;

/** 'no-code': the profile has no live code for the purpose (none issued, used, or expired). */
export type CodeOutcome = { ok: true } | { ok: false; reason: 'invalid' | 'attempts-exceeded' | 'no-code' };

/** The stored keys: the app's `repositories.emailKeys`, or a database. */
export type EmailKeys = On<EmailKeysRepository>;

const keysOn = (keys: EmailKeys) => repositoryOn(keys, 'useLinkKey', emailKeysRepository);

/** SHA-256 of a link key: 256 random bits need no slow hash, and the database never holds a usable key. */
function hashLinkKey(authKey: string): string {
  return createHash('sha256').update(authKey).digest('base64url');
}

/**
 * A code has only a million values, so a plain hash would be reversed at once from a copy of the
 * database: it is keyed with the server secret and bound to its profile and purpose.
 */
function hashCode(secret: string, profileId: string, purpose: EmailAction, code: string): string {
  return createHmac('sha256', secret)
    .update(`email-code\u0000${profileId}\u0000${purpose}\u0000${code}`)
    .digest('base64url');
}

/** Keeps a new key of the profile for `purpose` (its hash only); the earlier unused ones of its kind stop working. */
async function storeKey(
  keys: EmailKeysRepository,
  profileId: string,
  purpose: EmailAction,
  kind: 'link' | 'code',
  keyHash: string,
  lifetimeSeconds: number,
  now: Date,
): Promise<void> {
  await keys.retireOutstanding(profileId, purpose, kind, now);
  await keys.insert({
    id: randomUUID(),
    profile_id: profileId,
    purpose,
    kind,
    key_hash: keyHash,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    used_at: null,
    attempts: 0,
  });
}

/** Issues a single-use link key (32 random bytes, base64url); earlier unused keys for the same purpose stop working. */
export async function issueLinkKey(
  keys: EmailKeys,
  profileId: string,
  purpose: EmailAction,
  now: Date,
): Promise<string> {
  const authKey = randomBytes(32).toString('base64url');
  await storeKey(keysOn(keys), profileId, purpose, 'link', hashLinkKey(authKey), KEY_LIFETIME_SECONDS[purpose], now);
  return authKey;
}

/**
 * Uses a link key: answers its profile when the key is known, unused, unexpired and for this purpose. With
 * `profileId`, only that profile's key is used: another profile's key is left as it was, still usable by its owner.
 */
export async function consumeLinkKey(
  keys: EmailKeys,
  authKey: string,
  purpose: EmailAction,
  now: Date,
  profileId?: string,
): Promise<string | undefined> {
  return keysOn(keys).useLinkKey(hashLinkKey(authKey), purpose, now, profileId);
}

/** Issues a 6-digit code (uniform, from the system's secure generator); earlier codes for the purpose stop working. */
export async function issueCode(
  keys: EmailKeys,
  secret: string,
  profileId: string,
  purpose: EmailAction,
  now: Date,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await storeKey(
    keysOn(keys),
    profileId,
    purpose,
    'code',
    hashCode(secret, profileId, purpose, code),
    CODE_LIFETIME_SECONDS,
    now,
  );
  return code;
}

/**
 * Checks a code against the profile's live code for the purpose. A wrong entry is counted; the fifth wrong
 * entry kills the code, and so does a right one (single use).
 */
export async function consumeCode(
  keys: EmailKeys,
  secret: string,
  profileId: string,
  purpose: EmailAction,
  code: string,
  now: Date,
): Promise<CodeOutcome> {
  const repository = keysOn(keys);
  const row = await repository.latestUnusedCode(profileId, purpose);
  if (!row || row.expires_at <= now.toISOString()) return { ok: false, reason: 'no-code' };
  if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: 'attempts-exceeded' };

  const expected = Buffer.from(row.key_hash);
  const given = Buffer.from(hashCode(secret, profileId, purpose, code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    return (await repository.useCode(row.id, CODE_MAX_ATTEMPTS, now)) ? { ok: true } : { ok: false, reason: 'invalid' };
  }
  const attempts = await repository.countWrongEntry(row.id);
  return (attempts ?? CODE_MAX_ATTEMPTS) >= CODE_MAX_ATTEMPTS
    ? { ok: false, reason: 'attempts-exceeded' }
    : { ok: false, reason: 'invalid' };
}
