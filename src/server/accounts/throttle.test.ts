import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import {
  addressBucket,
  addressClientBucket,
  clearBucket,
  clearBucketFamily,
  consume,
  delayedState,
  growingDelaySeconds,
  ipBucket,
  mostRestrictive,
  recordEvent,
  throttleState,
} from './throttle';

const rule = { limit: 3, windowSeconds: 60 };
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + seconds * 1000);

describe.each(databases())('throttle on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
  });
  afterAll(async () => {
    await testDb.close();
  });

  it('limits a bucket once it holds `limit` events within the window', async () => {
    const bucket = 'test:limit';
    for (let i = 0; i < 3; i++) {
      expect((await throttleState(testDb.db, bucket, rule, at(i))).limited).toBe(false);
      await recordEvent(testDb.db, bucket, rule, at(i));
    }
    const state = await throttleState(testDb.db, bucket, rule, at(10));
    expect(state).toEqual({ limited: true, count: 3, retryAfterSeconds: 50 });
  });

  it('slides: the oldest event leaving the window frees a place', async () => {
    const bucket = 'test:slide';
    for (const second of [0, 20, 40]) await recordEvent(testDb.db, bucket, rule, at(second));
    expect((await throttleState(testDb.db, bucket, rule, at(59))).limited).toBe(true);
    expect(await throttleState(testDb.db, bucket, rule, at(60))).toEqual({
      limited: false,
      count: 2,
      retryAfterSeconds: 0,
    });
    expect((await throttleState(testDb.db, bucket, rule, at(100))).count).toBe(0);
  });

  it('consume counts only while under the limit', async () => {
    const bucket = 'test:consume';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await consume(testDb.db, bucket, rule, at(i))).limited);
    expect(answers).toEqual([false, false, false, true, true]);
    const rows = await testDb.db.selectFrom('throttle_events').select('id').where('bucket', '=', bucket).execute();
    expect(rows).toHaveLength(3);
  });

  it('keeps buckets apart and can clear one', async () => {
    const a = addressBucket('login', 'Ana@Example.com');
    expect(a).toBe(addressBucket('login', 'ana@example.com'));
    expect(a).not.toContain('example');
    const b = ipBucket('login', '203.0.113.9');
    for (let i = 0; i < 3; i++) await recordEvent(testDb.db, a, rule, at(i));
    expect((await throttleState(testDb.db, b, rule, at(5))).limited).toBe(false);
    await clearBucket(testDb.db, a);
    expect((await throttleState(testDb.db, a, rule, at(5))).count).toBe(0);
  });

  it('delays each event beyond the free ones a doubling time after the latest, then limits at `limit`', async () => {
    const delayed = { limit: 5, windowSeconds: 600, freeFailures: 2 };
    const bucket = 'test:delayed';
    for (const second of [0, 0]) await recordEvent(testDb.db, bucket, delayed, at(second));
    expect(await delayedState(testDb.db, bucket, delayed, at(0))).toEqual({
      limited: true,
      count: 2,
      retryAfterSeconds: 1,
    });
    expect((await delayedState(testDb.db, bucket, delayed, at(1))).limited).toBe(false);
    await recordEvent(testDb.db, bucket, delayed, at(1));
    expect(await delayedState(testDb.db, bucket, delayed, at(1))).toEqual({
      limited: true,
      count: 3,
      retryAfterSeconds: 2,
    });
    await recordEvent(testDb.db, bucket, delayed, at(3));
    expect((await delayedState(testDb.db, bucket, delayed, at(5))).retryAfterSeconds).toBe(2);
    await recordEvent(testDb.db, bucket, delayed, at(7));
    expect(await delayedState(testDb.db, bucket, delayed, at(100))).toEqual({
      limited: true,
      count: 5,
      retryAfterSeconds: 500,
    });
    expect([2, 3, 4, 20].map((n) => growingDelaySeconds(n, delayed))).toEqual([1, 2, 4, 600]);
  });

  it('clears an address bucket with its per-client buckets, and nothing else', async () => {
    const account = addressBucket('family', 'ana@example.com');
    const perClient = addressClientBucket('family', 'ana@example.com', 'ip:203.0.113.9');
    const other = addressBucket('family', 'bob@example.com');
    for (const bucket of [account, perClient, other, `${account}x`]) await recordEvent(testDb.db, bucket, rule, at(0));
    await clearBucketFamily(testDb.db, account);
    const left = await testDb.db
      .selectFrom('throttle_events')
      .select('bucket')
      .where('bucket', 'in', [account, perClient, other, `${account}x`])
      .execute();
    expect(left.map((row) => row.bucket).sort()).toEqual([other, `${account}x`].sort());
  });
});

describe('throttle across instances', () => {
  it('shares its counts between two connections to one database file', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'eta-throttle-'));
    const filename = path.join(folder, 'shared.sqlite');
    const first = openDatabase({ kind: 'sqlite', filename });
    const second = openDatabase({ kind: 'sqlite', filename });
    try {
      await migrateToLatest(first);
      const bucket = 'test:shared';
      await recordEvent(first, bucket, rule, at(0));
      await recordEvent(second, bucket, rule, at(1));
      await recordEvent(first, bucket, rule, at(2));
      expect((await throttleState(second, bucket, rule, at(3))).limited).toBe(true);
    } finally {
      await first.destroy();
      await second.destroy();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('mostRestrictive', () => {
  it('picks the limited state with the longest wait', () => {
    expect(
      mostRestrictive([
        { limited: false, count: 1, retryAfterSeconds: 0 },
        { limited: true, count: 10, retryAfterSeconds: 30 },
        { limited: true, count: 10, retryAfterSeconds: 90 },
      ]).retryAfterSeconds,
    ).toBe(90);
    expect(mostRestrictive([{ limited: false, count: 2, retryAfterSeconds: 0 }]).limited).toBe(false);
  });
});
