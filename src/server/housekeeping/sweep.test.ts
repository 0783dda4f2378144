import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consumeCode, consumeLinkKey, issueCode, issueLinkKey } from '../accounts/email-keys';
import { insertTestProfile } from '../accounts/testing/profiles';
import { insertApplicationRows } from '../applications/testing/rows';
import { ipBucket, recordEvent, THROTTLE_RULES, throttleState } from '../accounts/throttle';
import { revokeSession, rotateRefreshToken, startSession, type TokenSettings } from '../accounts/tokens';
import type { CaptureSessionsTable } from '../biometrics/tables';
import type { Db } from '../db/database';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { sweepExpired, type SweepCounts } from './sweep';

const SECRET = 'a-test-secret-of-sufficient-length-000';
const settings: TokenSettings = {
  jwtSecret: SECRET,
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 3600,
  refreshReuseGraceSeconds: 30,
};
const t0 = new Date('2026-03-01T08:00:00.000Z');
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const quiet = { info: () => undefined };
const none: SweepCounts = {
  emailKeys: 0,
  throttleEvents: 0,
  authSessions: 0,
  refreshTokens: 0,
  captureSessions: 0,
  devMailbox: 0,
};

/** Sweeps at `now` without a log. */
const sweep = (db: Db, now: Date) => sweepExpired(db, now, quiet);

async function count(
  db: Db,
  table: 'email_keys' | 'throttle_events' | 'auth_sessions' | 'refresh_tokens' | 'capture_sessions' | 'dev_mailbox',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(databases())('sweepExpired on %s', (kind) => {
  let testDb: TestDb;
  let db: Db;
  beforeEach(async () => {
    testDb = await createTestDb(kind);
    db = testDb.db;
  });
  afterEach(async () => {
    await testDb.close();
  });

  it('removes e-mail keys and codes a day after they were used or expired, and no live one', async () => {
    const profileId = await insertTestProfile(db);
    // A code lives 10 minutes; a reset link an hour, used after one minute; a verification link a day.
    const code = await issueCode(db, SECRET, profileId, 'VERIFY_EMAIL', t0);
    const reset = await issueLinkKey(db, profileId, 'RESET_PASSWORD', t0);
    expect(await consumeLinkKey(db, reset, 'RESET_PASSWORD', at(MINUTE))).toBe(profileId);
    await issueLinkKey(db, profileId, 'VERIFY_EMAIL', t0);

    expect(await sweep(db, at(DAY + MINUTE))).toEqual(none);
    expect(await sweep(db, at(DAY + 2 * MINUTE))).toEqual({ ...none, emailKeys: 1 });
    expect(await sweep(db, at(DAY + 10 * MINUTE))).toEqual(none);
    expect(await sweep(db, at(DAY + 11 * MINUTE))).toEqual({ ...none, emailKeys: 1 });
    expect(await count(db, 'email_keys')).toBe(1);
    expect(await sweep(db, at(2 * DAY + MINUTE))).toEqual({ ...none, emailKeys: 1 });

    // What is issued later is untouched and works after a sweep.
    const fresh = await issueCode(db, SECRET, profileId, 'VERIFY_EMAIL', at(3 * DAY));
    const link = await issueLinkKey(db, profileId, 'RESET_PASSWORD', at(3 * DAY));
    expect(await sweep(db, at(3 * DAY + MINUTE))).toEqual(none);
    expect(await consumeCode(db, SECRET, profileId, 'VERIFY_EMAIL', fresh, at(3 * DAY + MINUTE))).toEqual({ ok: true });
    expect(await consumeLinkKey(db, link, 'RESET_PASSWORD', at(3 * DAY + MINUTE))).toBe(profileId);
    expect(code).not.toBe(fresh);
  });

  it('removes throttle events only once no limit counts them: every limit reads the same before and after', async () => {
    const bucket = ipBucket('login', '203.0.113.7');
    for (const seconds of [0, 30 * MINUTE, 59 * MINUTE])
      await recordEvent(db, bucket, THROTTLE_RULES.emailIp, at(seconds));
    const now = at(HOUR);
    const states = async () =>
      Promise.all(Object.values(THROTTLE_RULES).map((rule) => throttleState(db, bucket, rule, now)));
    const before = await states();
    expect(await sweep(db, now)).toEqual({ ...none, throttleEvents: 1 });
    expect(await states()).toEqual(before);
    expect(await count(db, 'throttle_events')).toBe(2);
    expect(await sweep(db, at(HOUR + 59 * MINUTE))).toEqual({ ...none, throttleEvents: 2 });
  });

  describe('session families', () => {
    it('keeps every token of a live family, however old, so that a replay is still caught after a sweep', async () => {
      const long = { ...settings, refreshTokenTtlSeconds: 5 * DAY };
      const profileId = await insertTestProfile(db);
      const first = await startSession(db, long, profileId, t0);
      const second = await rotateRefreshToken(db, long, first.refreshToken, at(4 * DAY), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      const third = await rotateRefreshToken(db, long, second.tokenInfo.refreshToken, at(8 * DAY), vi.fn());
      if (!third.ok) throw new Error('rotation failed');
      // The first token expired seven and a half days ago; the family lives on with the third.
      const now = at(12 * DAY + 12 * HOUR);
      expect(await sweep(db, now)).toEqual(none);
      expect(await count(db, 'refresh_tokens')).toBe(3);
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(db, long, first.refreshToken, now, onReuse)).toEqual({
        ok: false,
        reason: 'reused',
      });
      expect(onReuse).toHaveBeenCalledWith({ sessionId: first.sessionId, profileId });
      expect(await rotateRefreshToken(db, long, third.tokenInfo.refreshToken, now, vi.fn())).toEqual({
        ok: false,
        reason: 'revoked',
      });
    });

    it('keeps a revoked family a week, still recognising its tokens, then removes it with its tokens', async () => {
      const profileId = await insertTestProfile(db);
      const first = await startSession(db, settings, profileId, t0);
      const second = await rotateRefreshToken(db, settings, first.refreshToken, at(10 * MINUTE), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      await revokeSession(db, first.sessionId, 'logout', at(HOUR));
      const other = await startSession(db, settings, profileId, at(7 * DAY + HOUR));

      expect(await sweep(db, at(HOUR + 7 * DAY))).toEqual(none);
      const onReuse = vi.fn();
      expect(await rotateRefreshToken(db, settings, first.refreshToken, at(HOUR + 7 * DAY), onReuse)).toEqual({
        ok: false,
        reason: 'reused',
      });
      expect(onReuse).toHaveBeenCalledTimes(1);
      expect(
        await rotateRefreshToken(db, settings, second.tokenInfo.refreshToken, at(HOUR + 7 * DAY), vi.fn()),
      ).toEqual({ ok: false, reason: 'revoked' });

      expect(await sweep(db, at(HOUR + 7 * DAY + 1))).toEqual({ ...none, authSessions: 1, refreshTokens: 2 });
      expect(await rotateRefreshToken(db, settings, first.refreshToken, at(HOUR + 7 * DAY + 2), vi.fn())).toEqual({
        ok: false,
        reason: 'unknown',
      });
      // The profile's other session is left alone.
      expect((await rotateRefreshToken(db, settings, other.refreshToken, at(7 * DAY + 2 * HOUR - 1), vi.fn())).ok).toBe(
        true,
      );
    });

    it('removes a family a week after its last refresh token expired', async () => {
      const profileId = await insertTestProfile(db);
      const first = await startSession(db, settings, profileId, t0);
      const second = await rotateRefreshToken(db, settings, first.refreshToken, at(30 * MINUTE), vi.fn());
      if (!second.ok) throw new Error('rotation failed');
      // The second token expires at 1 h 30 min.
      expect(await sweep(db, at(90 * MINUTE + 7 * DAY))).toEqual(none);
      expect(await sweep(db, at(90 * MINUTE + 7 * DAY + 1))).toEqual({ ...none, authSessions: 1, refreshTokens: 2 });
      expect(await count(db, 'auth_sessions')).toBe(0);
    });

    it('removes a family a week after its absolute end, however often it was refreshed', async () => {
      const limited = { ...settings, sessionMaxSeconds: 2 * HOUR };
      const profileId = await insertTestProfile(db);
      let token = (await startSession(db, limited, profileId, t0)).refreshToken;
      for (const seconds of [50 * MINUTE, 100 * MINUTE, 110 * MINUTE]) {
        const next = await rotateRefreshToken(db, limited, token, at(seconds), vi.fn());
        if (!next.ok) throw new Error('rotation failed');
        token = next.tokenInfo.refreshToken;
      }
      expect(await sweep(db, at(2 * HOUR + 7 * DAY))).toEqual(none);
      expect(await sweep(db, at(2 * HOUR + 7 * DAY + 1))).toEqual({ ...none, authSessions: 1, refreshTokens: 4 });
    });

    it('leaves a family that has just started and has no refresh token yet', async () => {
      const profileId = await insertTestProfile(db);
      const now = at(30 * DAY);
      await db
        .insertInto('auth_sessions')
        .values({
          id: randomUUID(),
          profile_id: profileId,
          created_at: now.toISOString(),
          revoked_at: null,
          revoked_reason: null,
        })
        .execute();
      expect(await sweep(db, now)).toEqual(none);
    });
  });

  describe('capture sessions', () => {
    let applicantId: string;
    let profileId: string;
    beforeEach(async () => {
      profileId = await insertTestProfile(db);
      ({ applicantId } = await insertApplicationRows(db, profileId, {
        at: t0.toISOString(),
        applicant: { passport_number: 'P1234567', current_step: 'CAPTURE_BIOMETRICS' },
      }));
    });

    const insertCapture = async (name: string, expiresAt: Date, retryAfter: Date | null = null) => {
      const row: CaptureSessionsTable = {
        id: randomUUID(),
        token_hash: `${name}-${randomUUID()}`,
        applicant_id: applicantId,
        profile_id: profileId,
        status: retryAfter ? 'CAPTURE_RETRIES_EXCEEDED' : 'BIO_LINKING_PHONE',
        capture_type: 'biometrics',
        failed_attempts: 0,
        error_code: null,
        device_hash: null,
        created_at: new Date(expiresAt.getTime() - 15 * MINUTE * 1000).toISOString(),
        updated_at: expiresAt.toISOString(),
        expires_at: expiresAt.toISOString(),
        replaced_at: null,
        retry_after: retryAfter?.toISOString() ?? null,
      };
      await db.insertInto('capture_sessions').values(row).execute();
      return row.id;
    };

    it('removes those expired for more than a day, unless a cooldown runs or an accepted photo names them', async () => {
      const now = at(10 * DAY);
      const old = at(8 * DAY);
      // Removed: expired two days ago, with no cooldown or one that is over.
      await insertCapture('old', old);
      await insertCapture('cooled-down', old, at(9 * DAY));
      const cooling = await insertCapture('cooling', old, at(11 * DAY));
      const photographed = await insertCapture('photographed', old);
      await db
        .insertInto('applicant_photos')
        .values({
          applicant_id: applicantId,
          photo_type: 'SELFIE',
          storage_key: `photos/${'0'.repeat(64)}`,
          content_type: 'image/jpeg',
          width: 600,
          height: 800,
          byte_size: 1000,
          session_id: photographed,
          created_at: old.toISOString(),
        })
        .execute();
      const recent = await insertCapture('recent', at(9 * DAY + MINUTE));

      expect(await sweep(db, now)).toEqual({ ...none, captureSessions: 2 });
      const left = (await db.selectFrom('capture_sessions').select('id').execute()).map((row) => row.id);
      expect(left.sort()).toEqual([cooling, photographed, recent].sort());
      // The running cooldown still blocks a new capture, as the capture routes read it.
      const blocked = await db
        .selectFrom('capture_sessions')
        .select(({ fn }) => fn.max('retry_after').as('until'))
        .where('applicant_id', '=', applicantId)
        .where('retry_after', '>', now.toISOString())
        .executeTakeFirst();
      expect(blocked?.until).toBe(at(11 * DAY).toISOString());
    });
  });

  it('removes development mailbox messages older than a week', async () => {
    const message = (createdAt: Date) => ({
      id: randomUUID(),
      recipient: 'ana@example.com',
      subject: 'Hello',
      text_body: 'Hi',
      html_body: '<p>Hi</p>',
      created_at: createdAt.toISOString(),
    });
    await db
      .insertInto('dev_mailbox')
      .values([message(t0), message(at(DAY)), message(at(7 * DAY))])
      .execute();
    expect(await sweep(db, at(8 * DAY))).toEqual({ ...none, devMailbox: 1 });
    expect(await count(db, 'dev_mailbox')).toBe(2);
  });

  it('removes in batches, at most maxBatches per table and sweep, and stops when asked', async () => {
    const bucket = ipBucket('mail', '198.51.100.1');
    for (let i = 0; i < 7; i++) await recordEvent(db, `${bucket}:${i}`, THROTTLE_RULES.emailIp, at(i));
    const now = at(DAY);
    const aborted = new AbortController();
    aborted.abort();
    expect(await sweepExpired(db, now, quiet, { signal: aborted.signal })).toEqual(none);
    expect(await sweepExpired(db, now, quiet, { batchSize: 3, maxBatches: 2 })).toEqual({ ...none, throttleEvents: 6 });
    expect(await sweepExpired(db, now, quiet, { batchSize: 3, maxBatches: 2 })).toEqual({ ...none, throttleEvents: 1 });
    expect(await count(db, 'throttle_events')).toBe(0);
  });

  it('logs one line with the counts', async () => {
    const profileId = await insertTestProfile(db);
    await issueCode(db, SECRET, profileId, 'RESET_PASSWORD', t0);
    const log = { info: vi.fn() };
    const counts = await sweepExpired(db, at(2 * DAY), log);
    expect(counts).toEqual({ ...none, emailKeys: 1 });
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith({ event: 'housekeeping', deleted: counts }, 'expired rows removed');
  });
});
