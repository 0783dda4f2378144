import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProfile } from '../accounts/testing/profiles';
import { insertApplicationRows } from '../applications/testing/rows';
import { createTestDb, databases, type TestDb } from '../testing/harness';
import { changesFingerprint, fingerprintOf, fingerprints, formAnswersIn, readContent } from './content';

/**
 * A payment keeps the fingerprint of each applicant from when it started, and a submission compares it with the
 * applicant's fingerprint then: the same content must give the same fingerprint on every database and in every
 * version of the server (a payment started before an upgrade is submitted after it).
 */
describe.each(databases())('the fingerprint of what an applicant has given, on %s', (kind) => {
  let testDb: TestDb;
  const at = '2026-01-02T03:04:05.000Z';
  const applicantId = '01900000-0000-7000-8000-000000000002';
  beforeAll(async () => {
    testDb = await createTestDb(kind);
    const { db } = testDb;
    const profileId = await insertTestProfile(db);
    const { applicationId } = await insertApplicationRows(db, profileId, {
      at,
      application: { id: '01900000-0000-7000-8000-000000000001' },
      applicant: {
        id: applicantId,
        given_names: 'Amélie',
        family_name: 'Dubois',
        date_of_birth: '1986-04-12',
        passport_number: '12AB34567',
        current_step: 'PAYMENT',
      },
    });
    await db
      .insertInto('applicant_answers')
      .values([
        {
          applicant_id: applicantId,
          form_id: 'declarations',
          answers: JSON.stringify({ truthful: true }),
          last_page: null,
          complete: 1,
          updated_at: at,
        },
        {
          applicant_id: applicantId,
          form_id: 'application-form',
          answers: JSON.stringify({ city: 'Lyon', arrivalDate: '2030-03-02' }),
          last_page: 'travel',
          complete: 1,
          updated_at: at,
        },
      ])
      .execute();
    const photo = {
      content_type: 'image/jpeg',
      width: 600,
      height: 800,
      byte_size: 1000,
      session_id: 's',
      created_at: at,
    };
    await db
      .insertInto('applicant_photos')
      .values([
        { ...photo, applicant_id: applicantId, photo_type: 'SELFIE', storage_key: 'photos/b' },
        { ...photo, applicant_id: applicantId, photo_type: 'PASSPORT_PHOTO', storage_key: 'photos/a' },
      ])
      .execute();
    const document = {
      application_id: applicationId,
      applicant_id: applicantId,
      file_name: 'booking.pdf',
      content_type: 'application/pdf',
      byte_size: 859,
      created_at: at,
      uploaded_at: at,
    };
    await db
      .insertInto('applicant_documents')
      .values([
        { ...document, id: 'd2', document_type: 'PROOF_OF_FUNDS', sha256: 'f'.repeat(64), storage_key: 'documents/2' },
        {
          ...document,
          id: 'd1',
          document_type: 'PROOF_OF_ACCOMMODATION',
          sha256: 'a'.repeat(64),
          storage_key: 'documents/1',
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await testDb.close();
  });

  const applicantRow = () =>
    testDb.db.selectFrom('applicants').selectAll().where('id', '=', applicantId).executeTakeFirstOrThrow();
  const content = async () => readContent(testDb.db, await applicantRow());
  const fingerprint = async () => fingerprintOf(await content());

  it('is the same for the same content, alone or among others', async () => {
    // SHA-256 of the canonical JSON (keys sorted at every depth) of the facts, the answers by form, the photos by
    // type and the documents by id, as payments started by earlier versions of the server hold it.
    const expected = 'cb2acd1d95fa7487036f878322b4ea66624b5c562b30eb9e78bdf4720e39b2e9';
    expect(await fingerprint()).toBe(expected);
    expect((await fingerprints(testDb.db, [await applicantRow()])).get(applicantId)).toBe(expected);
  });

  it("names a form's answers as stored, with the page last saved", async () => {
    expect(formAnswersIn(await content(), 'application-form')).toEqual({
      answers: JSON.stringify({ city: 'Lyon', arrivalDate: '2030-03-02' }),
      lastPage: 'travel',
      complete: true,
    });
    expect(formAnswersIn(await content(), 'no-such-form')).toBeUndefined();
  });

  it.each([
    ['the same answers', {}, { city: 'Lyon', arrivalDate: '2030-03-02' }, true, false],
    ['the same answers in another order', {}, { arrivalDate: '2030-03-02', city: 'Lyon' }, true, false],
    ['changed answers', {}, { arrivalDate: '2030-03-02', city: 'Nice' }, true, true],
    ['an incomplete form', {}, { city: 'Lyon', arrivalDate: '2030-03-02' }, false, true],
    ['changed facts', { family_name: 'Durand' }, { city: 'Lyon', arrivalDate: '2030-03-02' }, true, true],
  ] as const)(
    'is said to change with a save of %s exactly when reading the content again gives another one',
    async (_, facts, answers, complete, changes) => {
      const db = testDb.db;
      const before = await content();
      const saved = { answers: JSON.stringify(answers), complete };
      const form = (q: typeof db) =>
        q
          .updateTable('applicant_answers')
          .where('applicant_id', '=', applicantId)
          .where('form_id', '=', 'application-form');
      const original = formAnswersIn(before, 'application-form')!;
      if ('family_name' in facts) await db.updateTable('applicants').set(facts).where('id', '=', applicantId).execute();
      await form(db)
        .set({ answers: saved.answers, complete: complete ? 1 : 0 })
        .execute();
      try {
        const after = await fingerprint();
        expect(after !== fingerprintOf(before)).toBe(changes);
        expect(changesFingerprint(before, { ...before.applicant, ...facts }, 'application-form', saved)).toBe(changes);
      } finally {
        await db
          .updateTable('applicants')
          .set({ family_name: before.applicant.family_name })
          .where('id', '=', applicantId)
          .execute();
        await form(db)
          .set({ answers: original.answers, complete: original.complete ? 1 : 0 })
          .execute();
      }
    },
  );

  it('is said to change with the first answers of a form', async () => {
    const before = await content();
    expect(changesFingerprint(before, before.applicant, 'another-form', { answers: '{}', complete: false })).toBe(true);
  });

  it('ignores where the applicant stopped and when things were saved', async () => {
    const before = await fingerprint();
    await testDb.db
      .updateTable('applicant_answers')
      .set({ last_page: 'contact', updated_at: '2027-01-01T00:00:00.000Z' })
      .execute();
    await testDb.db
      .updateTable('applicants')
      .set({ updated_at: '2027-01-01T00:00:00.000Z', current_step: 'DOCUMENTS' })
      .execute();
    expect(await fingerprint()).toBe(before);
  });

  it.each([
    ['a fact', 'applicants', { passport_number: '12AB34568' }],
    ['an answer', 'applicant_answers', { answers: JSON.stringify({ city: 'Paris', arrivalDate: '2030-03-02' }) }],
    ['whether a form is complete', 'applicant_answers', { complete: 0 }],
    ['a photo', 'applicant_photos', { storage_key: 'photos/c' }],
    ['a document', 'applicant_documents', { sha256: 'b'.repeat(64) }],
  ] as const)('changes with %s, and comes back with it', async (_, table, change) => {
    const before = await fingerprint();
    const db = testDb.db;
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    const first = rows[0];
    const key = Object.keys(change)[0];
    const where = table === 'applicant_answers' ? 'form_id' : table === 'applicant_photos' ? 'photo_type' : 'id';
    await db
      .updateTable(table)
      .set(change as never)
      .where(where as never, '=', first[where] as never)
      .execute();
    expect(await fingerprint()).not.toBe(before);
    await db
      .updateTable(table)
      .set({ [key]: first[key] } as never)
      .where(where as never, '=', first[where] as never)
      .execute();
    expect(await fingerprint()).toBe(before);
  });
});
