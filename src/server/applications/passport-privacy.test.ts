import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, startSession, upload } from '../biometrics/testing/capture-client';
import { startPhotoTestApp, type PhotoTestApp } from '../biometrics/testing/photo-app';
import { DEFAULT_PAGE_MRZ, passportPage } from '../biometrics/testing/test-images';
import { departmentDay } from '../../shared/validity';
import { translate } from '../i18n';
import { databases } from '../testing/harness';
import { applicantBody, call, createApplication, signIn, type Caller } from './testing/client';

const applicantsUrl = (guid: string) => `/api/eta/applications/${guid}/applicants`;
const PER_ACCOUNT = 12;
const PER_CLIENT = 20;

/** A passport number nobody has used yet. */
const freshPassport = () => `Q${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

describe.each(databases())('another person’s passport on %s', (kind) => {
  let fixture: PhotoTestApp;
  let app: FastifyInstance;
  let ana: Caller;
  let bob: Caller;
  beforeAll(async () => {
    fixture = await startPhotoTestApp(kind, 'passport-privacy', {
      PASSPORT_CHECK_LIMIT: String(PER_ACCOUNT),
      CLIENT_PASSPORT_CHECK_LIMIT: String(PER_CLIENT),
    });
    app = fixture.app;
    ana = await signIn(app);
    bob = await signIn(app);
  });
  afterAll(() => fixture?.close());

  /** Adds an applicant with a passport number for `caller` from a client address of its own, answering the call. */
  const add = (caller: Caller, guid: string, passportNumber: string, holder = false) =>
    app.inject({
      method: 'POST',
      url: applicantsUrl(guid),
      payload: applicantBody({ passportNumber, ...(holder ? {} : { isAccountHolder: false, relationship: 'FRIEND' }) }),
      headers: { authorization: `Bearer ${caller.token}` },
      remoteAddress: caller === ana ? '198.51.100.1' : '203.0.113.1',
    });

  /**
   * Takes the selfie, then photographs a passport page, whose machine-readable zone gives `passportNumber` (a
   * French passport, as the applicants here have): the answer of that last upload.
   */
  async function photographPassport(owner: Caller, applicationId: string, applicantId: string, passportNumber: string) {
    const identifier = await startSession(app, owner, { applicationId, applicantId });
    const page = await passportPage(1250, 880, { ...DEFAULT_PAGE_MRZ, documentNumber: passportNumber });
    for (const [captureType, image] of [
      ['biometrics', fixture.photos.selfie],
      ['passport', page],
    ] as const) {
      expect((await act(app, identifier, { action: 'START_CAPTURE', captureType }, { owner })).statusCode).toBe(200);
      const uploaded = await upload(app, identifier, captureType, image, { owner });
      if (captureType === 'passport') return uploaded;
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    throw new Error('unreachable');
  }

  const expectBlocked = (response: LightMyRequestResponse, code: string) => {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code, status: code });
  };

  it('holds nothing against the owner because a stranger typed the number; whoever shows the passport keeps it', async () => {
    const passport = freshPassport();
    // Bob types Ana's passport number first.
    const bobs = await createApplication(app, bob);
    const bobsApplicant = await add(bob, bobs, passport);
    expect(bobsApplicant.statusCode).toBe(201);
    // Ana is not refused on her own passport...
    const anas = await createApplication(app, ana);
    const anasApplicant = await add(ana, anas, passport, true);
    expect(anasApplicant.statusCode, anasApplicant.body).toBe(201);
    // ...but her own second application with it is refused at once, as before.
    const anasOther = await createApplication(app, ana);
    const twice = await add(ana, anasOther, passport, true);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('OPEN_APPLICATION_EXISTS');
    // Ana photographs her passport page: from then on it is hers.
    const anasPhoto = await photographPassport(ana, anas, anasApplicant.json().applicantIdentifier, passport);
    expect(anasPhoto.statusCode, anasPhoto.body).toBe(200);
    const bobsAgain = await add(bob, await createApplication(app, bob), passport);
    expect(bobsAgain.statusCode).toBe(409);
    expect(bobsAgain.json()).toEqual({
      error: translate('en', 'applications:api.openApplicationExists'),
      code: 'OPEN_APPLICATION_EXISTS',
    });
    // Bob's applicant typed earlier cannot go on with it either: its passport photo is a blocking outcome.
    expectBlocked(
      await photographPassport(bob, bobs, bobsApplicant.json().applicantIdentifier, passport),
      'OPEN_APPLICATION_EXISTS',
    );
  });

  it('counts another account’s application once it is submitted, photo or not', async () => {
    const passport = freshPassport();
    const anas = await createApplication(app, ana);
    expect((await add(ana, anas, passport, true)).statusCode).toBe(201);
    const bobs = await createApplication(app, bob);
    const before = await add(bob, bobs, passport);
    expect(before.statusCode).toBe(201);
    await call(app, bob, 'DELETE', `${applicantsUrl(bobs)}/${before.json().applicantIdentifier}`);
    await app.db.updateTable('applications').set({ status: 'SUBMITTED' }).where('id', '=', anas).execute();
    await app.db.updateTable('applicants').set({ status: 'SUBMITTED' }).where('application_id', '=', anas).execute();
    const after = await add(bob, bobs, passport);
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('OPEN_APPLICATION_EXISTS');
  });

  it('tells another account of an approved ETA only once the passport page is photographed', async () => {
    const passport = freshPassport();
    const nextYear = departmentDay(new Date(Date.now() + 365 * 86_400_000));
    const anas = await createApplication(app, ana);
    const approved = (await add(ana, anas, passport, true)).json().applicantIdentifier;
    await app.db.updateTable('applications').set({ status: 'COMPLETE' }).where('id', '=', anas).execute();
    await app.db
      .updateTable('applicants')
      .set({ status: 'APPROVED', valid_until: nextYear })
      .where('id', '=', approved)
      .execute();
    // Ana herself is told at once.
    const own = await add(ana, await createApplication(app, ana), passport, true);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('ACTIVE_ETA_VISA_EXISTS');
    // Bob, typing the number, learns nothing: the answer is that of any other passport.
    const bobs = await createApplication(app, bob);
    const typed = await add(bob, bobs, passport);
    expect(typed.statusCode, typed.body).toBe(201);
    const other = await add(bob, bobs, freshPassport());
    expect(Object.keys(typed.json()).sort()).toEqual(Object.keys(other.json()).sort());
    // A photo of some other passport says nothing either...
    const otherPage = await photographPassport(bob, bobs, typed.json().applicantIdentifier, freshPassport());
    expect(otherPage.statusCode, otherPage.body).toBe(200);
    // ...but to one holding the passport itself (its page photographed, its MRZ giving the number), the capture says so.
    const dan = await signIn(app);
    const dans = await createApplication(app, dan);
    const holding = await add(dan, dans, passport);
    expect(holding.statusCode, holding.body).toBe(201);
    expectBlocked(
      await photographPassport(dan, dans, holding.json().applicantIdentifier, passport),
      'ACTIVE_ETA_VISA_EXISTS',
    );
  });

  it('throttles passport checks per account and per client address, answering 429 with Retry-After', async () => {
    const carol = await signIn(app);
    const guid = await createApplication(app, carol);
    const ip = '192.0.2.33';
    const send = (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>, caller = carol) =>
      app.inject({
        method,
        url,
        payload: body,
        headers: { authorization: `Bearer ${caller.token}` },
        remoteAddress: ip,
      });
    // Probes: an applicant added with a number, then removed, over and over.
    const statuses: number[] = [];
    for (let i = 0; i < PER_ACCOUNT + 1; i++) {
      const added = await send('POST', applicantsUrl(guid), applicantBody({ passportNumber: freshPassport() }));
      statuses.push(added.statusCode);
      if (added.statusCode === 201)
        await call(app, carol, 'DELETE', `${applicantsUrl(guid)}/${added.json().applicantIdentifier}`);
    }
    expect(statuses).toEqual([...Array(PER_ACCOUNT).fill(201), 429]);
    const held = await send('POST', applicantsUrl(guid), applicantBody({ passportNumber: freshPassport() }));
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(3500);
    expect(held.json()).toEqual({
      error: 'Too many attempts. Please try again in 60 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    // Changing a passport is a check too; an edit that keeps it is not.
    const dave = await signIn(app);
    const daves = await createApplication(app, dave);
    const passport = freshPassport();
    const kept = await send('POST', applicantsUrl(daves), applicantBody({ passportNumber: passport }), dave);
    expect(kept.statusCode).toBe(201);
    const url = `${applicantsUrl(daves)}/${kept.json().applicantIdentifier}`;
    for (let i = 0; i < PER_ACCOUNT + 2; i++) {
      const renamed = await send(
        'PUT',
        url,
        applicantBody({ passportNumber: passport, givenNames: `Amy-${'a'.repeat(i)}` }),
        dave,
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
    }
    // The client address has had PER_ACCOUNT + 1 checks (Carol's, and Dave's first): Dave is held once it has had
    // PER_CLIENT, long before his own account's limit.
    const remaining = PER_CLIENT - (PER_ACCOUNT + 1);
    expect(remaining + 1).toBeLessThan(PER_ACCOUNT);
    for (let i = 0; i < remaining; i++)
      expect((await send('PUT', url, applicantBody({ passportNumber: freshPassport() }), dave)).statusCode).toBe(200);
    const clientHeld = await send('PUT', url, applicantBody({ passportNumber: freshPassport() }), dave);
    expect(clientHeld.statusCode).toBe(429);
    expect(clientHeld.headers['retry-after']).toBeDefined();
    // The same account from another client address is not held by that address.
    const elsewhere = await app.inject({
      method: 'PUT',
      url,
      payload: applicantBody({ passportNumber: freshPassport() }),
      headers: { authorization: `Bearer ${dave.token}` },
      remoteAddress: '192.0.2.34',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});
