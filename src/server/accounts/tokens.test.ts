import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { insertTestProfile } from './testing/profiles';
import {
  hashToken,
  revokeAllSessions,
  revokeSession,
  rotateRefreshToken,
  sessionOfRefreshToken,
  startSession,
  verifyAccessToken,
} from './tokens';

const settings = {
  jwtSecret: 'a-test-secret-of-sufficient-length-000',
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 3600,
};
const t0 = new Date('2026-02-01T08:00:00.000Z');
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe.each(databases())('tokens on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
  });
  afterAll(async () => {
    await testDb.close();
  });

  it('issues a signed access token for the profile and session, and a random refresh token stored hashed', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const session = await startSession(testDb.db, settings, profileId, t0);
    expect(session.expiresIn).toBe(900);
    expect(session.refreshExpiresIn).toBe(3600);
    const claims = decodeJwt(session.accessToken);
    expect(claims.sub).toBe(profileId);
    expect(claims.sid).toBe(session.sessionId);
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(Buffer.from(session.refreshToken, 'base64url')).toHaveLength(32);
    const stored = await testDb.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('session_id', '=', session.sessionId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(hashToken(session.refreshToken));
    expect(stored[0].token_hash).not.toBe(session.refreshToken);
    expect(await verifyAccessToken(testDb.db, settings, session.accessToken, later(1))).toEqual({
      profileId,
      sessionId: session.sessionId,
      language: 'en',
    });
  });

  it('refuses an access token after its lifetime, with another secret, or tampered', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const { accessToken } = await startSession(testDb.db, settings, profileId, t0);
    expect(await verifyAccessToken(testDb.db, settings, accessToken, later(899))).toBeDefined();
    expect(await verifyAccessToken(testDb.db, settings, accessToken, later(901))).toBeUndefined();
    expect(
      await verifyAccessToken(
        testDb.db,
        { ...settings, jwtSecret: 'another-secret-another-secret-000' },
        accessToken,
        later(1),
      ),
    ).toBeUndefined();
    const [header, , signature] = accessToken.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: profileId, sid: 'x', exp: 9999999999 })).toString('base64url');
    expect(await verifyAccessToken(testDb.db, settings, `${header}.${forged}.${signature}`, later(1))).toBeUndefined();
    expect(await verifyAccessToken(testDb.db, settings, 'not.a.token', later(1))).toBeUndefined();
  });

  it('rotates the refresh token on every use', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const first = await startSession(testDb.db, settings, profileId, t0);
    const second = await rotateRefreshToken(testDb.db, settings, first.refreshToken, later(60), vi.fn());
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(second.tokenInfo.refreshToken).not.toBe(first.refreshToken);
    expect(second.sessionId).toBe(first.sessionId);
    const third = await rotateRefreshToken(testDb.db, settings, second.tokenInfo.refreshToken, later(120), vi.fn());
    expect(third.ok).toBe(true);
  });

  it('revokes the whole family when a rotated token is used again, and reports it', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const first = await startSession(testDb.db, settings, profileId, t0);
    const second = await rotateRefreshToken(testDb.db, settings, first.refreshToken, later(60), vi.fn());
    if (!second.ok) throw new Error('rotation failed');
    const onReuse = vi.fn();
    expect(await rotateRefreshToken(testDb.db, settings, first.refreshToken, later(70), onReuse)).toEqual({
      ok: false,
      reason: 'reused',
    });
    expect(onReuse).toHaveBeenCalledWith({ sessionId: first.sessionId, profileId });
    // The legitimate holder of the newest token is signed out too: the thief and the owner cannot be told apart.
    expect(await rotateRefreshToken(testDb.db, settings, second.tokenInfo.refreshToken, later(80), vi.fn())).toEqual({
      ok: false,
      reason: 'revoked',
    });
    expect(await verifyAccessToken(testDb.db, settings, second.tokenInfo.accessToken, later(80))).toBeUndefined();
    const session = await testDb.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('id', '=', first.sessionId)
      .executeTakeFirstOrThrow();
    expect(session.revoked_reason).toBe('reuse');
  });

  it('lets only one of two concurrent uses of a token succeed, and treats the other as reuse', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const first = await startSession(testDb.db, settings, profileId, t0);
    const results = await Promise.all([
      rotateRefreshToken(testDb.db, settings, first.refreshToken, later(5), vi.fn()),
      rotateRefreshToken(testDb.db, settings, first.refreshToken, later(5), vi.fn()),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'reused')).toHaveLength(1);
  });

  describe('a lost refresh answer', () => {
    const withGrace = { ...settings, refreshReuseGraceSeconds: 30 };

    it('within the grace period, while the successor is unused, answers a fresh pair and the session lives', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, withGrace, profileId, t0);
      const lost = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(60), vi.fn());
      if (!lost.ok) throw new Error('rotation failed');
      const onReuse = vi.fn();
      // The answer never arrived: the client presents the token it still holds.
      const recovered = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(65), onReuse);
      expect(recovered.ok).toBe(true);
      if (!recovered.ok) return;
      expect(onReuse).not.toHaveBeenCalled();
      expect(recovered.sessionId).toBe(first.sessionId);
      expect(recovered.tokenInfo.refreshToken).not.toBe(lost.tokenInfo.refreshToken);
      expect(await verifyAccessToken(testDb.db, withGrace, recovered.tokenInfo.accessToken, later(66))).toEqual({
        profileId,
        sessionId: first.sessionId,
        language: 'en',
      });
      // The session goes on rotating from the recovered token.
      const next = await rotateRefreshToken(
        testDb.db,
        withGrace,
        recovered.tokenInfo.refreshToken,
        later(120),
        vi.fn(),
      );
      expect(next.ok).toBe(true);
      const session = await testDb.db
        .selectFrom('auth_sessions')
        .selectAll()
        .where('id', '=', first.sessionId)
        .executeTakeFirstOrThrow();
      expect(session.revoked_at).toBeNull();
    });

    it('the unused successor that was never delivered stops working, and using it revokes the family', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, withGrace, profileId, t0);
      const lost = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(60), vi.fn());
      if (!lost.ok) throw new Error('rotation failed');
      const recovered = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(61), vi.fn());
      expect(recovered.ok).toBe(true);
      // Only one token of the family is live at a time: the replaced one counts as a replay once its grace is over.
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(testDb.db, withGrace, lost.tokenInfo.refreshToken, later(200), onReuse)).toEqual({
        ok: false,
        reason: 'reused',
      });
      expect(onReuse).toHaveBeenCalledWith({ sessionId: first.sessionId, profileId });
    });

    it('the replaced successor stops working at once: presented within the grace, it is a replay', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, withGrace, profileId, t0);
      const lost = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(60), vi.fn());
      if (!lost.ok) throw new Error('rotation failed');
      const recovered = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(61), vi.fn());
      if (!recovered.ok) throw new Error('recovery failed');
      // One live successor at a time: the token the lost answer carried gets no pair of its own, even this soon.
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(testDb.db, withGrace, lost.tokenInfo.refreshToken, later(62), onReuse)).toEqual({
        ok: false,
        reason: 'reused',
      });
      expect(onReuse).toHaveBeenCalledWith({ sessionId: first.sessionId, profileId });
      // Whoever held it and whoever holds the fresh pair are told apart by nobody: the family ends.
      expect(
        await rotateRefreshToken(testDb.db, withGrace, recovered.tokenInfo.refreshToken, later(63), vi.fn()),
      ).toEqual({ ok: false, reason: 'revoked' });
      expect(await verifyAccessToken(testDb.db, withGrace, recovered.tokenInfo.accessToken, later(63))).toBeUndefined();
    });

    it('after the grace period, a replay revokes the family as before', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, withGrace, profileId, t0);
      const second = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(60), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(91), onReuse)).toEqual({
        ok: false,
        reason: 'reused',
      });
      expect(onReuse).toHaveBeenCalledWith({ sessionId: first.sessionId, profileId });
      expect(await rotateRefreshToken(testDb.db, withGrace, second.tokenInfo.refreshToken, later(92), vi.fn())).toEqual(
        { ok: false, reason: 'revoked' },
      );
    });

    it('a replay after the successor was used revokes the family, even within the grace period', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, withGrace, profileId, t0);
      const second = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(60), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      const third = await rotateRefreshToken(testDb.db, withGrace, second.tokenInfo.refreshToken, later(62), vi.fn());
      if (!third.ok) throw new Error('rotation failed');
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(65), onReuse)).toEqual({
        ok: false,
        reason: 'reused',
      });
      expect(onReuse).toHaveBeenCalledTimes(1);
      expect(await verifyAccessToken(testDb.db, withGrace, third.tokenInfo.accessToken, later(66))).toBeUndefined();
      expect(await rotateRefreshToken(testDb.db, withGrace, third.tokenInfo.refreshToken, later(67), vi.fn())).toEqual({
        ok: false,
        reason: 'revoked',
      });
    });

    it('a second replay of the same lost token revokes the family: its successor has been replaced', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, withGrace, profileId, t0);
      await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(60), vi.fn());
      expect((await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(61), vi.fn())).ok).toBe(true);
      expect(await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(62), vi.fn())).toEqual({
        ok: false,
        reason: 'reused',
      });
    });

    it('does not apply to a revoked family', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, withGrace, profileId, t0);
      await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(60), vi.fn());
      await revokeSession(testDb.db, first.sessionId, 'logout', later(61));
      const outcome = await rotateRefreshToken(testDb.db, withGrace, first.refreshToken, later(62), vi.fn());
      expect(outcome.ok).toBe(false);
    });
  });

  describe('an absolute session lifetime', () => {
    // Two hours from sign-in, refresh tokens of one hour.
    const limited = { ...settings, sessionMaxSeconds: 7200, refreshReuseGraceSeconds: 30 };
    const expiresAt = async (refreshToken: string) =>
      (
        await testDb.db
          .selectFrom('refresh_tokens')
          .select('expires_at')
          .where('token_hash', '=', hashToken(refreshToken))
          .executeTakeFirstOrThrow()
      ).expires_at;

    it('cuts the refresh token lifetime answered on every refresh at the end, then refuses to refresh', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, limited, profileId, t0);
      expect(first.refreshExpiresIn).toBe(3600);
      const second = await rotateRefreshToken(testDb.db, limited, first.refreshToken, later(3000), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      expect(second.tokenInfo.refreshExpiresIn).toBe(3600);
      const third = await rotateRefreshToken(testDb.db, limited, second.tokenInfo.refreshToken, later(5000), vi.fn());
      if (!third.ok) throw new Error('rotation failed');
      expect(third.tokenInfo.refreshExpiresIn).toBe(2200);
      expect(third.tokenInfo.expiresIn).toBe(900);
      expect(await expiresAt(third.tokenInfo.refreshToken)).toBe(later(7200).toISOString());
      const last = await rotateRefreshToken(testDb.db, limited, third.tokenInfo.refreshToken, later(7150.5), vi.fn());
      if (!last.ok) throw new Error('rotation failed');
      // Whole seconds, rounded down: the client's deadline is never after the server's.
      expect(last.tokenInfo.refreshExpiresIn).toBe(49);
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(testDb.db, limited, last.tokenInfo.refreshToken, later(7200), onReuse)).toEqual({
        ok: false,
        reason: 'expired',
      });
      expect(onReuse).not.toHaveBeenCalled();
      // The access token of the last refresh would run to 8050 s; the session ends at 7200 s.
      expect(await verifyAccessToken(testDb.db, limited, last.tokenInfo.accessToken, later(7199))).toEqual({
        profileId,
        sessionId: first.sessionId,
        language: 'en',
      });
      expect(await verifyAccessToken(testDb.db, limited, last.tokenInfo.accessToken, later(7200))).toBeUndefined();
    });

    it('cuts the first refresh token too when the limit is shorter than its lifetime', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, { ...settings, sessionMaxSeconds: 1800 }, profileId, t0);
      expect(first.refreshExpiresIn).toBe(1800);
      expect(await expiresAt(first.refreshToken)).toBe(later(1800).toISOString());
    });

    it('applies a limit lowered after the tokens were issued', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, settings, profileId, t0);
      const second = await rotateRefreshToken(testDb.db, settings, first.refreshToken, later(3500), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      const lowered = { ...settings, sessionMaxSeconds: 3600 };
      expect(await rotateRefreshToken(testDb.db, lowered, second.tokenInfo.refreshToken, later(3600), vi.fn())).toEqual(
        { ok: false, reason: 'expired' },
      );
      expect(await verifyAccessToken(testDb.db, lowered, second.tokenInfo.accessToken, later(3600))).toBeUndefined();
      expect(await verifyAccessToken(testDb.db, settings, second.tokenInfo.accessToken, later(3600))).toBeDefined();
    });

    it('answers no fresh pair for a lost answer once the session has ended, and raises no alarm', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, limited, profileId, t0);
      const second = await rotateRefreshToken(testDb.db, limited, first.refreshToken, later(3590), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      const lost = await rotateRefreshToken(testDb.db, limited, second.tokenInfo.refreshToken, later(7180), vi.fn());
      if (!lost.ok) throw new Error('rotation failed');
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(testDb.db, limited, second.tokenInfo.refreshToken, later(7205), onReuse)).toEqual(
        { ok: false, reason: 'expired' },
      );
      expect(onReuse).not.toHaveBeenCalled();
      expect(
        await rotateRefreshToken(testDb.db, limited, lost.tokenInfo.refreshToken, later(7206), vi.fn()),
      ).toMatchObject({ ok: false });
    });

    it('still recognises a replayed token after the end as a replay', async () => {
      const profileId = await insertTestProfile(testDb.db);
      const first = await startSession(testDb.db, limited, profileId, t0);
      const second = await rotateRefreshToken(testDb.db, limited, first.refreshToken, later(3000), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(testDb.db, limited, first.refreshToken, later(8000), onReuse)).toEqual({
        ok: false,
        reason: 'reused',
      });
      expect(onReuse).toHaveBeenCalledWith({ sessionId: first.sessionId, profileId });
    });
  });

  it('refuses an expired or unknown refresh token', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const first = await startSession(testDb.db, settings, profileId, t0);
    expect(await rotateRefreshToken(testDb.db, settings, first.refreshToken, later(3600), vi.fn())).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await rotateRefreshToken(testDb.db, settings, 'A'.repeat(43), later(1), vi.fn())).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  it('logout revokes the family; revoking all can keep the current session', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const a = await startSession(testDb.db, settings, profileId, t0);
    const b = await startSession(testDb.db, settings, profileId, t0);
    const c = await startSession(testDb.db, settings, profileId, t0);
    expect(await sessionOfRefreshToken(testDb.db, a.refreshToken)).toEqual({ sessionId: a.sessionId, profileId });
    await revokeSession(testDb.db, a.sessionId, 'logout', later(1));
    expect(await verifyAccessToken(testDb.db, settings, a.accessToken, later(2))).toBeUndefined();
    expect(await rotateRefreshToken(testDb.db, settings, a.refreshToken, later(2), vi.fn())).toEqual({
      ok: false,
      reason: 'revoked',
    });
    await revokeAllSessions(testDb.db, profileId, 'password-changed', later(3), c.sessionId);
    expect(await verifyAccessToken(testDb.db, settings, b.accessToken, later(4))).toBeUndefined();
    expect(await verifyAccessToken(testDb.db, settings, c.accessToken, later(4))).toBeDefined();
    await revokeAllSessions(testDb.db, profileId, 'password-reset', later(5));
    expect(await verifyAccessToken(testDb.db, settings, c.accessToken, later(6))).toBeUndefined();
  });
});
