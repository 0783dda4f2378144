import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, capturePhotos, createSession, upload } from '../biometrics/testing/capture-client';
import { startPhotoTestApp, type PhotoTestApp } from '../biometrics/testing/photo-app';
import { LocalDiskStorage } from '../storage/local-disk-storage';
import type { ObjectStorage } from '../storage/object-storage';
import { databases } from '../testing/harness';
import {
  addApplicant,
  advanceTo,
  applicantBody,
  call,
  createApplication,
  signIn,
  validApplicationForm,
  type Caller,
} from './testing/client';

describe.each(databases())('a changed passport reopens the photo step on %s', (kind) => {
  let app: FastifyInstance;
  let fixture: PhotoTestApp;
  let storage: ObjectStorage;
  let ana: Caller;
  let photos: PhotoTestApp['photos'];
  let logged: string[];

  beforeAll(async () => {
    fixture = await startPhotoTestApp(kind, 'passport-change');
    ({ app, storage, logged, photos } = fixture);
    ana = await signIn(app);
  });
  afterAll(() => fixture.close());
  afterEach(() => {
    vi.restoreAllMocks();
    logged.length = 0;
  });

  const SAVED_ANSWERS = JSON.stringify({ email: 'amelie@example.com' });

  /** An applicant with both photos accepted, on the declaration step with saved form answers. */
  const photographedApplicant = async () => {
    const facts = applicantBody();
    const applicationId = await createApplication(app, ana);
    const applicantId = await addApplicant(app, ana, applicationId, facts);
    const keys = await capturePhotos(app, ana, { applicationId, applicantId }, photos);
    await advanceTo(app, applicantId, 'DECLARATION');
    await app.db
      .insertInto('applicant_answers')
      .values({
        applicant_id: applicantId,
        form_id: 'application-form',
        answers: SAVED_ANSWERS,
        last_page: null,
        complete: 1,
        updated_at: new Date().toISOString(),
      })
      .execute();
    return { applicationId, applicantId, facts, ...keys };
  };

  const change = (applicationId: string, applicantId: string, body: Record<string, unknown>) =>
    call(app, ana, 'PUT', `/api/eta/applications/${applicationId}/applicants/${applicantId}`, body);

  const stateOf = async (applicantId: string) => ({
    step: (
      await app.db
        .selectFrom('applicants')
        .select('current_step')
        .where('id', '=', applicantId)
        .executeTakeFirstOrThrow()
    ).current_step,
    photos: await app.db
      .selectFrom('applicant_photos')
      .select(['photo_type', 'storage_key'])
      .where('applicant_id', '=', applicantId)
      .orderBy('photo_type')
      .execute(),
    answers: await app.db
      .selectFrom('applicant_answers')
      .select(['form_id', 'answers'])
      .where('applicant_id', '=', applicantId)
      .execute(),
  });

  it('removes the passport photo and its file, reopens the photo step, keeps the selfie and later answers', async () => {
    const applicant = await photographedApplicant();
    const response = await change(applicant.applicationId, applicant.applicantId, {
      ...applicant.facts,
      passportNumber: 'NEW123456',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      passportNumber: 'NEW123456',
      step: 'CAPTURE_BIOMETRICS',
      photosToRetake: ['PASSPORT_PHOTO'],
    });
    expect(response.json().steps[0]).toEqual({ step: 'CAPTURE_BIOMETRICS', state: 'IN_PROGRESS' });

    const state = await stateOf(applicant.applicantId);
    expect(state.step).toBe('CAPTURE_BIOMETRICS');
    expect(state.photos).toEqual([{ photo_type: 'SELFIE', storage_key: applicant.selfieKey }]);
    // The saved form keeps its answers and now carries the new passport, so its next save cannot put the old one back.
    expect(state.answers).toHaveLength(1);
    expect(JSON.parse(state.answers[0].answers)).toMatchObject({
      email: 'amelie@example.com',
      passportNumber: 'NEW123456',
      passportIssuingCountry: 'FR',
    });
    expect(await storage.get(applicant.passportKey)).toBeUndefined();
    expect(await storage.get(applicant.selfieKey)).toBeDefined();
    expect(
      (await call(app, ana, 'GET', `/api/eta/applicants/${applicant.applicantId}/photos/PASSPORT_PHOTO`)).statusCode,
    ).toBe(404);
    expect(logged).toEqual([]);

    // A new capture asks for the passport page only, and completes the step again.
    const created = await createSession(app, ana, {
      applicationIdentifier: applicant.applicationId,
      applicantIdentifier: applicant.applicantId,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().status).toBe('PASSPORT_LINKING_PHONE');
    const identifier = created.json().sessionIdentifier as string;
    expect(
      (await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { owner: ana })).json().code,
    ).toBe('INVALID_TRANSITION');
    expect(
      (await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, { owner: ana })).json().status,
    ).toBe('PASSPORT_CAPTURE_STARTED');
    expect((await upload(app, identifier, 'passport', photos.passport, { owner: ana })).json().status).toBe(
      'PASSPORT_CAPTURE_COMPLETE',
    );
    const after = await stateOf(applicant.applicantId);
    expect(after.step).toBe('APPLICATION_FORM');
    expect(after.photos.map((photo) => photo.photo_type)).toEqual(['PASSPORT_PHOTO', 'SELFIE']);
    expect(after.answers).toEqual(state.answers);
  });

  it('does the same for a changed issuing country', async () => {
    const applicant = await photographedApplicant();
    const response = await change(applicant.applicationId, applicant.applicantId, {
      ...applicant.facts,
      passportIssuingCountry: 'DE',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().photosToRetake).toEqual(['PASSPORT_PHOTO']);
    expect((await stateOf(applicant.applicantId)).photos.map((photo) => photo.photo_type)).toEqual(['SELFIE']);
  });

  it('keeps photos and step when other facts change or the passport is written the same way', async () => {
    const applicant = await photographedApplicant();
    const renamed = await change(applicant.applicationId, applicant.applicantId, {
      ...applicant.facts,
      givenNames: 'Amélie Rose',
      familyName: 'Martin',
      passportNumber: String(applicant.facts.passportNumber).toLowerCase(),
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ givenNames: 'Amélie Rose', familyName: 'Martin', step: 'DECLARATION' });
    expect(renamed.json()).not.toHaveProperty('photosToRetake');
    const state = await stateOf(applicant.applicantId);
    expect(state.step).toBe('DECLARATION');
    expect(state.photos).toHaveLength(2);
    expect(await storage.get(applicant.passportKey)).toBeDefined();
  });

  it('refuses a passport changed in the application form once its photo is taken, at the passport number', async () => {
    const applicant = await photographedApplicant();
    const { facts } = applicant;
    const answers = validApplicationForm({
      givenNames: facts.givenNames,
      familyName: facts.familyName,
      dateOfBirth: facts.dateOfBirth,
      nationality: facts.nationality,
      passportIssuingCountry: facts.passportIssuingCountry,
      passportNumber: 'FORM12345',
    });
    const refused = await call(app, ana, 'PUT', `/api/eta/application-details/${applicant.applicationId}`, {
      applicantIdentifier: applicant.applicantId,
      answers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      expect.objectContaining({
        field: 'passportNumber',
        message: expect.stringContaining('use Change on the Applicants page'),
      }),
    ]);
    const state = await stateOf(applicant.applicantId);
    expect(state.step).toBe('DECLARATION');
    expect(state.photos).toHaveLength(2);
    const record = await app.db
      .selectFrom('applicants')
      .select('passport_number')
      .where('id', '=', applicant.applicantId)
      .executeTakeFirstOrThrow();
    expect(record.passport_number).toBe(facts.passportNumber);

    // The same form with the passport on record is accepted.
    const accepted = await call(app, ana, 'PUT', `/api/eta/application-details/${applicant.applicationId}`, {
      applicantIdentifier: applicant.applicantId,
      answers: { ...answers, passportNumber: facts.passportNumber },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('answers nothing to retake when a passport without photos changes', async () => {
    const applicationId = await createApplication(app, ana);
    const facts = applicantBody();
    const applicantId = await addApplicant(app, ana, applicationId, facts);
    const response = await change(applicationId, applicantId, { ...facts, passportNumber: 'OTHER9876' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('photosToRetake');
    expect(response.json().step).toBe('CAPTURE_BIOMETRICS');
    expect(
      (await createSession(app, ana, { applicationIdentifier: applicationId, applicantIdentifier: applicantId })).json()
        .status,
    ).toBe('BIO_LINKING_PHONE');
  });

  it('answers success and logs the key when the old passport photo file cannot be deleted', async () => {
    const applicant = await photographedApplicant();
    vi.spyOn(LocalDiskStorage.prototype, 'delete').mockRejectedValue(new Error('EIO: i/o error, unlink'));
    const response = await change(applicant.applicationId, applicant.applicantId, {
      ...applicant.facts,
      passportNumber: 'NEW765432',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().photosToRetake).toEqual(['PASSPORT_PHOTO']);
    expect((await stateOf(applicant.applicantId)).photos.map((photo) => photo.photo_type)).toEqual(['SELFIE']);
    const errors = logged.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ key: applicant.passportKey, msg: 'photo file could not be deleted' });
  });
});
