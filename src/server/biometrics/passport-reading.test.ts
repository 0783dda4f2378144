import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassportTruth } from '../../../tools/passport-pages';
import { applicantBody, createApplication, signIn, type Caller } from '../applications/testing/client';
import { loadConfig } from '../config';
import { createMrzReader } from '../passport-mrz/reader';
import { buildTestApp, databases } from '../testing/harness';
import { act, startSession, upload } from './testing/capture-client';
import { DEFAULT_PAGE_MRZ, faceless, passportPage, validSelfie } from './testing/test-images';

const fixtures = path.join(import.meta.dirname, '..', '..', '..', 'tests', 'fixtures', 'passports');
const truth = JSON.parse(readFileSync(path.join(fixtures, 'truth.json'), 'utf8')) as PassportTruth[];
const fixture = (file: string) => ({
  photo: readFileSync(path.join(fixtures, file)),
  page: truth.find((entry) => entry.file === file)!.expected,
});
const maxAttempts = loadConfig({}).capture.maxAttempts;

/** Adds an applicant with these passport facts to a new application of `caller`: both identifiers. */
async function applicantWith(app: FastifyInstance, caller: Caller, facts: Record<string, unknown>, address: string) {
  const applicationId = await createApplication(app, caller);
  const added = await app.inject({
    method: 'POST',
    url: `/api/eta/applications/${applicationId}/applicants`,
    payload: applicantBody(facts),
    headers: { authorization: `Bearer ${caller.token}` },
    remoteAddress: address,
  });
  return { added, applicationId, applicantId: added.statusCode === 201 ? added.json().applicantIdentifier : '' };
}

/** Takes the selfie, then starts the passport page: the session's identifier. */
async function atPassportPage(
  app: FastifyInstance,
  owner: Caller,
  ids: { applicationId: string; applicantId: string },
) {
  const identifier = await startSession(app, owner, ids);
  await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { owner });
  expect((await upload(app, identifier, 'biometrics', await validSelfie(), { owner })).statusCode).toBe(200);
  await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, { owner });
  return identifier;
}

const readingOf = (app: FastifyInstance, applicantId: string) =>
  app.db.selectFrom('passport_readings').selectAll().where('applicant_id', '=', applicantId).executeTakeFirst();

describe.each(databases())('the passport photo’s MRZ on %s', (kind) => {
  let app: FastifyInstance;
  let ana: Caller;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, env: { CAPTURE_FACE_CHECK: 'false' } });
    ana = await signIn(app);
  });
  afterAll(() => app?.close());

  it('keeps what the MRZ of the accepted passport photo says with the applicant', async () => {
    const typed = `T${Date.now().toString(36).toUpperCase().slice(-7)}`;
    const ids = await applicantWith(app, ana, { passportNumber: typed }, '198.51.100.7');
    const identifier = await atPassportPage(app, ana, ids);
    const done = await upload(app, identifier, 'passport', await passportPage(), { owner: ana });
    expect(done.statusCode, done.body).toBe(200);
    expect(await readingOf(app, ids.applicantId)).toMatchObject({
      read: 1,
      check_digits_valid: 1,
      document_number: DEFAULT_PAGE_MRZ.documentNumber,
      issuing_country: 'FRA',
      nationality: 'FRA',
      date_of_birth: DEFAULT_PAGE_MRZ.dateOfBirth,
      date_of_expiry: DEFAULT_PAGE_MRZ.dateOfExpiry,
      sex: 'F',
      surname: 'DUBOIS',
      given_names: 'AMELIE',
      problem: null,
    });
    // The application form shows it: the empty answers filled in, the number that differs beside the one typed.
    const form = await app.inject({
      method: 'GET',
      url: `/api/eta/applications/${ids.applicationId}/answers/application-form?applicantIdentifier=${ids.applicantId}`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().answers).toMatchObject({ sex: 'FEMALE', passportExpiryDate: DEFAULT_PAGE_MRZ.dateOfExpiry });
    expect(form.json().passportReading).toEqual({
      read: true,
      prefilled: ['sex', 'passportExpiryDate'],
      mismatches: [{ field: 'passportNumber', read: DEFAULT_PAGE_MRZ.documentNumber, typed }],
    });
  });

  it('asks for a better photo when the MRZ cannot be read, counting the attempt; the last attempt is kept unread', async () => {
    const ids = await applicantWith(app, ana, {}, '198.51.100.8');
    const identifier = await atPassportPage(app, ana, ids);
    // A page without any MRZ the reader can find (any picture good enough for the other checks).
    const unreadable = await faceless(1250, 880);
    for (let attempt = 1; attempt < maxAttempts; attempt += 1) {
      const refused = await upload(app, identifier, 'passport', unreadable, { owner: ana, lang: 'ar' });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'MRZ_NOT_READ',
        errorCode: 'MRZ_NOT_READ',
        status: 'PASSPORT_CAPTURE_STARTED',
        attemptsLeft: maxAttempts - attempt,
      });
      expect(refused.json().error).toMatch(/جواز/);
    }
    expect(await readingOf(app, ids.applicantId)).toBeUndefined();
    const kept = await upload(app, identifier, 'passport', unreadable, { owner: ana });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().status).toBe('PASSPORT_CAPTURE_COMPLETE');
    expect(await readingOf(app, ids.applicantId)).toMatchObject({
      read: 0,
      document_number: null,
      problem: 'NOT_FOUND',
    });
  });
});

describe('a passport photo the reader had no time for', { timeout: 120_000 }, () => {
  // A real reader given a millisecond per photo: it never finishes, as on a server far too busy.
  const reader = createMrzReader({ timeLimitMs: 1 });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ mrzReader: reader, env: { CAPTURE_FACE_CHECK: 'false' } });
  });
  afterAll(async () => {
    await app?.close();
    await reader.close();
  });

  it('is kept unread at once, holding no passport number, instead of asking the applicant for another', async () => {
    const owner = await signIn(app);
    const ids = await applicantWith(app, owner, {}, '198.51.100.9');
    const identifier = await atPassportPage(app, owner, ids);
    const kept = await upload(app, identifier, 'passport', await passportPage(), { owner });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().status).toBe('PASSPORT_CAPTURE_COMPLETE');
    expect(await readingOf(app, ids.applicantId)).toMatchObject({ read: 0, document_number: null, problem: 'NO_TIME' });
  });
});

describe.each(databases())(
  'a passport number held by a photo of that passport, read on %s',
  { timeout: 180_000 },
  (kind) => {
    const reader = createMrzReader();
    let app: FastifyInstance;
    let ana: Caller;
    let bob: Caller;
    let carol: Caller;
    beforeAll(async () => {
      app = await buildTestApp({ db: kind, mrzReader: reader, env: { CAPTURE_FACE_CHECK: 'false' } });
      [ana, bob, carol] = [await signIn(app), await signIn(app), await signIn(app)];
    });
    afterAll(async () => {
      await app?.close();
      await reader.close();
    });

    it('is not held by a stranger who typed it and photographed another passport; it is by one who photographed it', async () => {
      const anas = fixture('passport-001.jpg');
      const other = fixture('passport-002.jpg');
      const passport = { passportIssuingCountry: 'CA', passportNumber: anas.page.documentNumber };
      // Bob types Ana's passport number and photographs some other passport's page.
      const bobs = await applicantWith(
        app,
        bob,
        { ...passport, isAccountHolder: false, relationship: 'FRIEND' },
        '203.0.113.9',
      );
      expect(bobs.added.statusCode, bobs.added.body).toBe(201);
      const bobsSession = await atPassportPage(app, bob, bobs);
      const bobsPhoto = await upload(app, bobsSession, 'passport', other.photo, { owner: bob });
      expect(bobsPhoto.statusCode, bobsPhoto.body).toBe(200);
      expect(await readingOf(app, bobs.applicantId)).toMatchObject({
        read: 1,
        check_digits_valid: 1,
        document_number: other.page.documentNumber,
      });
      // Ana is not blocked: she adds her passport and photographs it, and it is hers.
      const anasOwn = await applicantWith(app, ana, passport, '198.51.100.9');
      expect(anasOwn.added.statusCode, anasOwn.added.body).toBe(201);
      const anasPhoto = await upload(app, await atPassportPage(app, ana, anasOwn), 'passport', anas.photo, {
        owner: ana,
      });
      expect(anasPhoto.statusCode, anasPhoto.body).toBe(200);
      expect((await readingOf(app, anasOwn.applicantId))?.document_number).toBe(anas.page.documentNumber);
      // From then on another account typing it is refused, as before.
      const later = await applicantWith(app, bob, passport, '203.0.113.9');
      expect(later.added.statusCode).toBe(409);
      expect(later.added.json().code).toBe('OPEN_APPLICATION_EXISTS');
    });

    it('blocks the owner once another account photographed that very passport first', async () => {
      const anas = fixture('passport-002.jpg');
      const passport = { passportIssuingCountry: 'CA', passportNumber: anas.page.documentNumber };
      // Carol types Ana's number and photographs Ana's own passport page: she showed the passport first.
      const carols = await applicantWith(app, carol, passport, '192.0.2.9');
      expect(carols.added.statusCode, carols.added.body).toBe(201);
      const shown = await upload(app, await atPassportPage(app, carol, carols), 'passport', anas.photo, {
        owner: carol,
      });
      expect(shown.statusCode, shown.body).toBe(200);
      // Ana's application with it is refused, as it is today.
      const refused = await applicantWith(app, ana, passport, '198.51.100.10');
      expect(refused.added.statusCode).toBe(409);
      expect(refused.added.json().code).toBe('OPEN_APPLICATION_EXISTS');
    });
  },
);
