import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { claimMailDelivery, MAIL_RETRY_AFTER_MS } from './delivery';

/**
 * Several senders (the instance that made a decision, any instance's retry) may reach one pending e-mail at once:
 * exactly one of them sends it, whatever order they read and claim it in.
 */
describe.each(databases())('claiming a pending e-mail, on %s', (kind) => {
  let testDb: TestDb;
  let counter = 0;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
  });
  afterAll(() => testDb?.close());

  /** A pending delivery (a public form's submission to e-mail), last tried at `attemptedAt`. */
  async function pending(attemptedAt: string | null) {
    counter++;
    const row = {
      id: `0190000${counter}-0000-7000-8000-000000000000`,
      reference: `REF-${counter}`,
      form_id: 'contact',
      answers: '{}',
      language: 'en',
      profile_id: null,
      created_at: '2026-11-28T10:00:00.000Z',
      mail_state: 'PENDING' as const,
      mail_attempted_at: attemptedAt,
    };
    await testDb.db.insertInto('form_submissions').values(row).execute();
    return row;
  }
  const read = (id: string) =>
    testDb.db.selectFrom('form_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const claim = (row: { id: string; mail_attempted_at: string | null }, now: Date) =>
    claimMailDelivery(testDb.db, 'form_submissions', 'id', row, now);

  it('gives a never-tried e-mail to the first of two senders that read it together', async () => {
    const row = await pending(null);
    const now = new Date('2026-11-28T10:00:01.000Z');
    expect(await claim(row, now)).toBe(true);
    expect(await claim(row, now)).toBe(false);
    expect((await read(row.id)).mail_attempted_at).toBe(now.toISOString());
  });

  it('leaves an e-mail to the sender that has just claimed it, for a sender that reads it after that claim', async () => {
    const row = await pending(null);
    const first = new Date('2026-11-28T10:00:01.000Z');
    expect(await claim(row, first)).toBe(true);
    // The second sender reads the row as the first left it, and tries at once, then a minute on.
    const seen = await read(row.id);
    expect(await claim(seen, new Date(first.getTime() + 5))).toBe(false);
    expect(await claim(seen, new Date(first.getTime() + 60_000))).toBe(false);
    expect((await read(row.id)).mail_attempted_at).toBe(first.toISOString());
  });

  it('lets one sender take again an e-mail whose last try is MAIL_RETRY_AFTER_MS old', async () => {
    const tried = '2026-11-28T09:00:00.000Z';
    const row = await pending(tried);
    const later = new Date(Date.parse(tried) + MAIL_RETRY_AFTER_MS + 1000);
    expect(await claim(row, later)).toBe(true);
    expect(await claim(row, later)).toBe(false);
    expect(await claim(await read(row.id), new Date(later.getTime() + 1000))).toBe(false);
  });

  it('takes no e-mail that is sent already', async () => {
    const row = await pending(null);
    await testDb.db.updateTable('form_submissions').set({ mail_state: 'SENT' }).where('id', '=', row.id).execute();
    expect(await claim(row, new Date('2026-11-28T10:00:01.000Z'))).toBe(false);
  });
});
