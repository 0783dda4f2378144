import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenInfo } from '../../shared/contract';
import { readAccessToken, signAccessToken, type AccessClaims, type AccessTokenSettings } from './access-token';
import { repositoryOn, sessionsRepository, type On, type SessionsRepository } from './repository';

export type { AccessClaims } from './access-token';

/** What the token functions need from the server configuration. */
export interface TokenSettings extends AccessTokenSettings {
  refreshTokenTtlSeconds: number;
  /**
   * How long after its rotation a refresh token may be presented again, without revoking its family, when the
   * token it was rotated into has not been used: the answer of that rotation was lost (a reload or a dropped
   * connection mid-refresh). 0 or absent: never.
   */
  refreshReuseGraceSeconds?: number;
  /**
   * Absolute lifetime of a session family, from its sign-in: no refresh token of it outlives this, however often
   * it is refreshed, and its access tokens stop working then too. Absent: no limit beyond the refresh tokens'.
   */
  sessionMaxSeconds?: number;
}

/** Reports a replayed refresh token; the caller's logger is passed in so the event lands in the server log. */
export type ReuseReporter = (details: { sessionId: string; profileId: string }) => void;

export type RefreshOutcome =
  | { ok: true; tokenInfo: TokenInfo; profileId: string; sessionId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** The session families and refresh tokens: the app's `repositories.sessions`, or a database. */
export type Sessions = On<SessionsRepository>;

const sessionsOn = (sessions: Sessions) => repositoryOn(sessions, 'insertSession', sessionsRepository);

/** SHA-256 of a refresh token: the database never holds a usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** When a session family started at `startedAt` ends for good, in epoch ms; undefined when there is no limit. */
function sessionEnd(settings: TokenSettings, startedAt: Date): number | undefined {
  return settings.sessionMaxSeconds === undefined ? undefined : startedAt.getTime() + settings.sessionMaxSeconds * 1000;
}

/**
 * A refresh token's lifetime in whole seconds from `now`: the configured one, cut at the family's absolute end.
 * Rounded down, so the client never believes in a token the server has already let go.
 */
function refreshLifetimeSeconds(settings: TokenSettings, now: Date, end: number | undefined): number {
  const remaining = end === undefined ? Infinity : Math.floor((end - now.getTime()) / 1000);
  return Math.max(0, Math.min(settings.refreshTokenTtlSeconds, remaining));
}

async function newRefreshToken(
  sessions: SessionsRepository,
  sessionId: string,
  now: Date,
  lifetimeSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sessions.insertRefreshToken({
    token_hash: hashToken(token),
    session_id: sessionId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    rotated_at: null,
  });
  return token;
}

/**
 * New tokens for a family that ends at `end`. Only the refresh token is cut at the end: the portal refreshes a
 * minute before its access token runs out, so a shortened access token would make it refresh over and over in
 * the family's last minute; verifyAccessToken refuses access tokens past the end instead.
 */
async function tokenInfo(
  sessions: SessionsRepository,
  settings: TokenSettings,
  claims: AccessClaims,
  now: Date,
  end: number | undefined,
): Promise<TokenInfo> {
  const refreshExpiresIn = refreshLifetimeSeconds(settings, now, end);
  return {
    accessToken: await signAccessToken(settings, claims, now),
    expiresIn: settings.accessTokenTtlSeconds,
    refreshToken: await newRefreshToken(sessions, claims.sessionId, now, refreshExpiresIn),
    refreshExpiresIn,
  };
}

/** Starts a session family for a profile that has just proven who it is, and answers its first tokens. */
export async function startSession(
  sessions: Sessions,
  settings: TokenSettings,
  profileId: string,
  now: Date,
): Promise<TokenInfo & { sessionId: string }> {
  const repository = sessionsOn(sessions);
  const sessionId = randomUUID();
  await repository.insertSession({
    id: sessionId,
    profile_id: profileId,
    created_at: now.toISOString(),
    revoked_at: null,
    revoked_reason: null,
  });
  const first = await tokenInfo(repository, settings, { profileId, sessionId }, now, sessionEnd(settings, now));
  return { ...first, sessionId };
}

/**
 * The rotation time given to a token replaced by a lost answer's fresh pair (replaceUnusedSuccessor): it was
 * rotated into nothing, and no grace period reaches back to the epoch.
 */
const REPLACED_AT = new Date(0).toISOString();

function withinGrace(rotatedAt: string, now: Date, settings: TokenSettings): boolean {
  const graceMs = (settings.refreshReuseGraceSeconds ?? 0) * 1000;
  const elapsed = now.getTime() - new Date(rotatedAt).getTime();
  return graceMs > 0 && elapsed >= 0 && elapsed <= graceMs;
}

/**
 * Marks as replaced the token a rotation produced, when it is the only one and has never been used, and says
 * whether it did. A rotation inserts its successor with `created_at` equal to the old token's `rotated_at`
 * (both are the same `now`), which is how the successor is found without another column. The replaced token
 * is marked rotated at REPLACED_AT, outside every grace period, so presenting it again is a replay however soon
 * it comes. The mark is conditional, so of two concurrent replays only one can succeed.
 */
async function replaceUnusedSuccessor(
  sessions: SessionsRepository,
  sessionId: string,
  tokenHash: string,
  rotatedAt: string,
): Promise<boolean> {
  const successors = await sessions.tokensMadeAt(sessionId, rotatedAt, tokenHash);
  if (successors.length !== 1 || successors[0].rotated_at !== null) return false;
  return sessions.markRotated(successors[0].token_hash, REPLACED_AT);
}

/**
 * Exchanges a refresh token for new tokens. The old token is marked rotated in the same statement that
 * checks it, so two concurrent uses cannot both succeed; a second use of a rotated token means it was
 * copied, and the whole family is revoked. One exception keeps a lost answer from ending the session: within
 * `refreshReuseGraceSeconds` of the rotation, while the token it was rotated into is still unused, the old
 * token gets a fresh pair of the same family and that unused successor stops working at once: presented later,
 * however soon, it is a replay and ends the family, so the family never has two live refresh tokens. A family
 * past its absolute end (`sessionMaxSeconds` after sign-in) is refreshed no more.
 */
export async function rotateRefreshToken(
  sessions: Sessions,
  settings: TokenSettings,
  refreshToken: string,
  now: Date,
  onReuse: ReuseReporter,
): Promise<RefreshOutcome> {
  const repository = sessionsOn(sessions);
  const tokenHash = hashToken(refreshToken);
  const row = await repository.refreshTokenWithSession(tokenHash);
  if (!row) return { ok: false, reason: 'unknown' };
  const claims = { profileId: row.profile_id, sessionId: row.session_id };
  const end = sessionEnd(settings, new Date(row.session_created_at));
  // Whole seconds, as answered: a family with less than a second left has nothing to hand out.
  const ended = refreshLifetimeSeconds(settings, now, end) === 0;
  const reuse = async (): Promise<RefreshOutcome> => {
    await repository.revokeSession(row.session_id, 'reuse', now);
    onReuse({ sessionId: row.session_id, profileId: row.profile_id });
    return { ok: false, reason: 'reused' };
  };
  if (row.rotated_at !== null) {
    const lostAnswer =
      row.revoked_at === null &&
      withinGrace(row.rotated_at, now, settings) &&
      (await replaceUnusedSuccessor(repository, row.session_id, tokenHash, row.rotated_at));
    if (!lostAnswer) return reuse();
    // A lost answer, but the family is over: its undelivered successor has been let go with it.
    if (ended) return { ok: false, reason: 'expired' };
    return { ok: true, tokenInfo: await tokenInfo(repository, settings, claims, now, end), ...claims };
  }
  if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
  // The end is checked as well as the token's own expiry: SESSION_MAX_SECONDS may have been lowered since.
  if (row.expires_at <= now.toISOString() || ended) return { ok: false, reason: 'expired' };

  if (!(await repository.markRotated(tokenHash, now.toISOString()))) return reuse();

  return { ok: true, tokenInfo: await tokenInfo(repository, settings, claims, now, end), ...claims };
}

/** Ends one session family: its access tokens stop working and its refresh tokens cannot be used. */
export async function revokeSession(sessions: Sessions, sessionId: string, reason: string, now: Date): Promise<void> {
  await sessionsOn(sessions).revokeSession(sessionId, reason, now);
}

/** Ends every session of a profile, except `keepSessionId` when given (the session that made the change). */
export async function revokeAllSessions(
  sessions: Sessions,
  profileId: string,
  reason: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await sessionsOn(sessions).revokeProfileSessions(profileId, reason, now, keepSessionId);
}

/** The session a refresh token belongs to, when the token is known (used by logout to find the family). */
export async function sessionOfRefreshToken(
  sessions: Sessions,
  refreshToken: string,
): Promise<{ sessionId: string; profileId: string } | undefined> {
  const row = await sessionsOn(sessions).sessionOfToken(hashToken(refreshToken));
  return row ? { sessionId: row.session_id, profileId: row.profile_id } : undefined;
}

/**
 * Checks an access token's signature, expiry, issuer and audience (readAccessToken), then that its session
 * family is still live in the database (so logout and reuse detection take effect at once, not when the token
 * expires) and has not reached its absolute end. Answers the claims with the profile's saved language.
 */
export async function verifyAccessToken(
  sessions: Sessions,
  settings: TokenSettings,
  token: string,
  now: Date,
): Promise<(AccessClaims & { language: string }) | undefined> {
  const claims = await readAccessToken(settings, token, now);
  if (!claims) return undefined;
  const startedAfter =
    settings.sessionMaxSeconds === undefined
      ? undefined
      : new Date(now.getTime() - settings.sessionMaxSeconds * 1000).toISOString();
  const session = await sessionsOn(sessions).liveSession(claims.sessionId, claims.profileId, startedAfter);
  return session ? { ...claims, language: session.language } : undefined;
}
