import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { consumeCode, consumeLinkKey, issueCode, issueLinkKey } from './email-keys';
import { insertTestProfile } from './testing/profiles';

const secret = 'a-test-secret-of-sufficient-length-000';
const t0 = new Date('2026-02-01T08:00:00.000Z');
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const HOUR = 3600;

describe.each(databases())('e-mail keys and codes on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
  });
  afterAll(async () => {
    await testDb.close();
  });

  it('issues 256-bit link keys, stored only as hashes, usable once', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const authKey = await issueLinkKey(testDb.db, profileId, 'VERIFY_EMAIL', t0);
    expect(Buffer.from(authKey, 'base64url')).toHaveLength(32);
    const rows = await testDb.db
      .selectFrom('email_keys')
      .select('key_hash')
      .where('profile_id', '=', profileId)
      .execute();
    expect(rows.map((r) => r.key_hash)).not.toContain(authKey);
    expect(await consumeLinkKey(testDb.db, authKey, 'RESET_PASSWORD', later(1))).toBeUndefined();
    expect(await consumeLinkKey(testDb.db, authKey, 'VERIFY_EMAIL', later(1))).toBe(profileId);
    expect(await consumeLinkKey(testDb.db, authKey, 'VERIFY_EMAIL', later(2))).toBeUndefined();
  });

  it('uses a key only for the profile named, leaving the key of another profile usable by its owner', async () => {
    const owner = await insertTestProfile(testDb.db);
    const other = await insertTestProfile(testDb.db);
    const authKey = await issueLinkKey(testDb.db, owner, 'RESET_PASSWORD', t0);
    expect(await consumeLinkKey(testDb.db, authKey, 'RESET_PASSWORD', later(1), other)).toBeUndefined();
    expect(await consumeLinkKey(testDb.db, authKey, 'RESET_PASSWORD', later(2), owner)).toBe(owner);
    expect(await consumeLinkKey(testDb.db, authKey, 'RESET_PASSWORD', later(3), owner)).toBeUndefined();
  });

  it('expires a verification key after 24 hours and a reset key after 1 hour', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const verify = await issueLinkKey(testDb.db, profileId, 'VERIFY_EMAIL', t0);
    expect(await consumeLinkKey(testDb.db, verify, 'VERIFY_EMAIL', later(24 * HOUR))).toBeUndefined();
    const verifyInTime = await issueLinkKey(testDb.db, profileId, 'VERIFY_EMAIL', t0);
    expect(await consumeLinkKey(testDb.db, verifyInTime, 'VERIFY_EMAIL', later(24 * HOUR - 1))).toBe(profileId);

    const reset = await issueLinkKey(testDb.db, profileId, 'RESET_PASSWORD', t0);
    expect(await consumeLinkKey(testDb.db, reset, 'RESET_PASSWORD', later(HOUR))).toBeUndefined();
    const resetInTime = await issueLinkKey(testDb.db, profileId, 'RESET_PASSWORD', t0);
    expect(await consumeLinkKey(testDb.db, resetInTime, 'RESET_PASSWORD', later(HOUR - 1))).toBe(profileId);
  });

  it('retires an earlier key when a new one is issued for the same purpose', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const first = await issueLinkKey(testDb.db, profileId, 'RESET_PASSWORD', t0);
    const second = await issueLinkKey(testDb.db, profileId, 'RESET_PASSWORD', later(10));
    expect(await consumeLinkKey(testDb.db, first, 'RESET_PASSWORD', later(20))).toBeUndefined();
    expect(await consumeLinkKey(testDb.db, second, 'RESET_PASSWORD', later(20))).toBe(profileId);
  });

  it('issues 6-digit codes that work once within 10 minutes', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const code = await issueCode(testDb.db, secret, profileId, 'VERIFY_EMAIL', t0);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await testDb.db
      .selectFrom('email_keys')
      .select('key_hash')
      .where('profile_id', '=', profileId)
      .execute();
    expect(stored.map((r) => r.key_hash).join()).not.toContain(code);
    expect(await consumeCode(testDb.db, secret, profileId, 'VERIFY_EMAIL', code, later(599))).toEqual({ ok: true });
    expect(await consumeCode(testDb.db, secret, profileId, 'VERIFY_EMAIL', code, later(600))).toEqual({
      ok: false,
      reason: 'no-code',
    });

    const late = await issueCode(testDb.db, secret, profileId, 'VERIFY_EMAIL', t0);
    expect(await consumeCode(testDb.db, secret, profileId, 'VERIFY_EMAIL', late, later(600))).toEqual({
      ok: false,
      reason: 'no-code',
    });
  });

  it('kills a code at the fifth wrong entry, even for the right code afterwards', async () => {
    const profileId = await insertTestProfile(testDb.db);
    const code = await issueCode(testDb.db, secret, profileId, 'VERIFY_EMAIL', t0);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await consumeCode(testDb.db, secret, profileId, 'VERIFY_EMAIL', wrong, later(i + 1)));
    expect(answers.map((a) => (a.ok ? 'ok' : a.reason))).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'attempts-exceeded',
    ]);
    expect(await consumeCode(testDb.db, secret, profileId, 'VERIFY_EMAIL', code, later(10))).toEqual({
      ok: false,
      reason: 'attempts-exceeded',
    });
  });

  it('binds a code to its profile and purpose', async () => {
    const owner = await insertTestProfile(testDb.db);
    const other = await insertTestProfile(testDb.db);
    const code = await issueCode(testDb.db, secret, owner, 'VERIFY_EMAIL', t0);
    await issueCode(testDb.db, secret, other, 'VERIFY_EMAIL', t0);
    expect((await consumeCode(testDb.db, secret, other, 'VERIFY_EMAIL', code, later(1))).ok).toBe(false);
    expect((await consumeCode(testDb.db, secret, owner, 'RESET_PASSWORD', code, later(1))).ok).toBe(false);
    expect(await consumeCode(testDb.db, secret, owner, 'VERIFY_EMAIL', code, later(2))).toEqual({ ok: true });
  });
});
