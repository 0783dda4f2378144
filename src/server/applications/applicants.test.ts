import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { departmentDay } from '../../shared/validity';
import { translate } from '../i18n';
import { buildTestApp, databases } from '../testing/harness';
import { addApplicant, applicantBody, call, createApplication, signIn, type Caller } from './testing/client';

const applicantsUrl = (guid: string) => `/api/eta/applications/${guid}/applicants`;

describe.each(databases())('applicants on %s', (kind) => {
  let app: FastifyInstance;
  let ana: Caller;
  let bob: Caller;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind, maxApplicants: 3 });
    ana = await signIn(app);
    bob = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('adds, lists, edits and removes applicants with their eligibility facts', async () => {
    const guid = await createApplication(app, ana);
    const added = await call(app, ana, 'POST', applicantsUrl(guid), applicantBody({ passportNumber: 'ab1234567' }));
    expect(added.statusCode).toBe(201);
    const self = added.json();
    expect(self).toEqual({
      applicantIdentifier: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isAccountHolder: true,
      relationship: null,
      givenNames: 'Amélie',
      familyName: 'Dubois',
      dateOfBirth: '1986-04-12',
      nationality: 'FR',
      passportIssuingCountry: 'FR',
      passportNumber: 'AB1234567',
      status: 'NOT_SUBMITTED',
      step: 'CAPTURE_BIOMETRICS',
      steps: expect.arrayContaining([{ step: 'CAPTURE_BIOMETRICS', state: 'IN_PROGRESS' }]),
    });
    const child = await addApplicant(app, ana, guid, {
      isAccountHolder: false,
      relationship: 'CHILD',
      givenNames: 'Léa',
    });

    const list = await call(app, ana, 'GET', applicantsUrl(guid));
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { applicantIdentifier: string }) => a.applicantIdentifier)).toEqual([
      self.applicantIdentifier,
      child,
    ]);

    const edited = await call(
      app,
      ana,
      'PUT',
      `${applicantsUrl(guid)}/${child}`,
      applicantBody({
        isAccountHolder: false,
        relationship: 'GRANDCHILD',
        givenNames: 'Léa Rose',
        passportNumber: 'CD7654321',
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      applicantIdentifier: child,
      relationship: 'GRANDCHILD',
      givenNames: 'Léa Rose',
      passportNumber: 'CD7654321',
    });

    const removed = await call(app, ana, 'DELETE', `${applicantsUrl(guid)}/${child}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ applicantIdentifier: child, deleted: true });
    expect((await call(app, ana, 'GET', applicantsUrl(guid))).json()).toHaveLength(1);
    expect((await call(app, ana, 'DELETE', `${applicantsUrl(guid)}/${child}`)).json().code).toBe('APPLICANT_NOT_FOUND');
  });

  it('validates the applicant with its schema: relationship required for someone else, dropped for the account holder', async () => {
    const guid = await createApplication(app, ana);
    const missing = await call(
      app,
      ana,
      'POST',
      applicantsUrl(guid),
      applicantBody({ isAccountHolder: false, passportNumber: '12 34', dateOfBirth: '2001-02-29' }),
    );
    expect(missing.statusCode).toBe(400);
    const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
    // Each problem names its key, and says it in the words the configuration gives that key.
    const problem = (field: string, key: string, lang = 'en') => ({ field, key, message: translate(lang, key) });
    expect([...missing.json().fields].sort(byField)).toEqual([
      problem('dateOfBirth', 'validation:date.invalid'),
      problem('passportNumber', 'applications:validation.passportNumberInvalid'),
      problem('relationship', 'applications:validation.relationshipRequired'),
    ]);
    const future = await call(
      app,
      ana,
      'POST',
      applicantsUrl(guid),
      applicantBody({ dateOfBirth: '2999-01-01' }),
      'fr',
    );
    expect(future.json().fields).toEqual([
      problem('dateOfBirth', 'applications:validation.dateOfBirthNotInPast', 'fr'),
    ]);
    const self = await call(app, ana, 'POST', applicantsUrl(guid), applicantBody({ relationship: 'FRIEND' }));
    expect(self.statusCode).toBe(201);
    expect(self.json().relationship).toBeNull();
  });

  it('allows the configured number of applicants (MAX_APPLICANTS), and one when applying only for oneself', async () => {
    const guid = await createApplication(app, ana, { applicationType: 'ETA', applyingFor: 'OTHERS' });
    for (let i = 0; i < 3; i++) await addApplicant(app, ana, guid, { isAccountHolder: false, relationship: 'FRIEND' });
    const fourth = await call(
      app,
      ana,
      'POST',
      applicantsUrl(guid),
      applicantBody({ isAccountHolder: false, relationship: 'FRIEND' }),
    );
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      error: 'An application can have at most 3 applicants.',
      code: 'APPLICANT_LIMIT_REACHED',
    });

    const solo = await createApplication(app, ana, { applicationType: 'ETA', applyingFor: 'SELF' });
    await addApplicant(app, ana, solo);
    const second = await call(app, ana, 'POST', applicantsUrl(solo), applicantBody(), 'fr');
    expect(second.json()).toEqual({
      error: 'Une demande peut compter au plus 1 demandeur.',
      code: 'APPLICANT_LIMIT_REACHED',
    });
  });

  it('defaults to 10 applicants per application', async () => {
    const defaults = await buildTestApp({ db: kind });
    try {
      const caller = await signIn(defaults);
      const guid = await createApplication(defaults, caller, { applicationType: 'ETA', applyingFor: 'OTHERS' });
      for (let i = 0; i < 10; i++)
        await addApplicant(defaults, caller, guid, { isAccountHolder: false, relationship: 'OTHER' });
      const eleventh = await call(
        defaults,
        caller,
        'POST',
        applicantsUrl(guid),
        applicantBody({ isAccountHolder: false, relationship: 'OTHER' }),
      );
      expect(eleventh.json().code).toBe('APPLICANT_LIMIT_REACHED');
    } finally {
      await defaults.close();
    }
  });

  it('keeps the account holder where the application says: only others, only me, or once', async () => {
    const others = await createApplication(app, ana, { applicationType: 'ETA', applyingFor: 'OTHERS' });
    expect((await call(app, ana, 'POST', applicantsUrl(others), applicantBody())).json().code).toBe(
      'ACCOUNT_HOLDER_NOT_ALLOWED',
    );
    const solo = await createApplication(app, ana, { applicationType: 'ETA', applyingFor: 'SELF' });
    expect(
      (
        await call(
          app,
          ana,
          'POST',
          applicantsUrl(solo),
          applicantBody({ isAccountHolder: false, relationship: 'CHILD' }),
        )
      ).json().code,
    ).toBe('ACCOUNT_HOLDER_REQUIRED');
    const family = await createApplication(app, ana);
    const me = await addApplicant(app, ana, family);
    const again = await call(app, ana, 'POST', applicantsUrl(family), applicantBody());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'You are already an applicant on this application.',
      code: 'ACCOUNT_HOLDER_ALREADY_ADDED',
    });
    // Editing the account holder keeps them the account holder.
    expect(
      (await call(app, ana, 'PUT', `${applicantsUrl(family)}/${me}`, applicantBody({ givenNames: 'Ana' }))).statusCode,
    ).toBe(200);
  });

  describe('eligibility, checked at once', () => {
    it('refuses a passport country that is not on the eligible list', async () => {
      const guid = await createApplication(app, ana);
      const response = await call(
        app,
        ana,
        'POST',
        applicantsUrl(guid),
        applicantBody({ passportIssuingCountry: 'ZA', nationality: 'ZA' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error:
          'Passports issued by this country cannot be used for this application. Holders of this passport must apply for a visa at an embassy or consulate.',
        code: 'PASSPORT_COUNTRY_NOT_WHITELISTED',
      });
      const french = await call(
        app,
        ana,
        'POST',
        applicantsUrl(guid),
        applicantBody({ passportIssuingCountry: 'ZA' }),
        'fr',
      );
      expect(french.json().error).toMatch(/^Les passeports délivrés par ce pays/);
      expect((await call(app, ana, 'GET', applicantsUrl(guid))).json()).toEqual([]);
    });

    it('refuses a passport on another open application, another account’s once a photo of that passport page is taken', async () => {
      const mine = await createApplication(app, ana);
      const anas = await addApplicant(app, ana, mine, { passportNumber: 'OPEN11111' });
      // A number typed in by another account holds nothing against it.
      const probe = await createApplication(app, bob);
      expect(
        (await call(app, bob, 'POST', applicantsUrl(probe), applicantBody({ passportNumber: 'OPEN11111' }))).statusCode,
      ).toBe(201);
      await call(app, bob, 'DELETE', `/api/eta/applications/${probe}`);
      await app.db
        .insertInto('applicant_photos')
        .values({
          applicant_id: anas,
          photo_type: 'PASSPORT_PHOTO',
          storage_key: `photos/${'0'.repeat(64)}`,
          content_type: 'image/jpeg',
          width: 600,
          height: 800,
          byte_size: 1000,
          session_id: 'a-session',
          created_at: new Date().toISOString(),
        })
        .execute();
      // The photo holds the number once its machine-readable zone, read with valid check digits, gives it.
      const reading = {
        applicant_id: anas,
        read: 1,
        check_digits_valid: 1,
        document_number: 'OPEN11112',
        issuing_country: 'FRA',
        nationality: 'FRA',
        date_of_birth: '1986-04-12',
        date_of_expiry: '2033-06-30',
        sex: 'F',
        surname: 'DUBOIS',
        given_names: 'AMELIE',
        problem: null,
        read_at: new Date().toISOString(),
      };
      await app.db.insertInto('passport_readings').values(reading).execute();
      const photoOfAnother = await createApplication(app, bob);
      expect(
        (await call(app, bob, 'POST', applicantsUrl(photoOfAnother), applicantBody({ passportNumber: 'OPEN11111' })))
          .statusCode,
      ).toBe(201);
      await call(app, bob, 'DELETE', `/api/eta/applications/${photoOfAnother}`);
      await app.db
        .updateTable('passport_readings')
        .set({ document_number: 'OPEN11111' })
        .where('applicant_id', '=', anas)
        .execute();
      const theirs = await createApplication(app, bob);
      const response = await call(
        app,
        bob,
        'POST',
        applicantsUrl(theirs),
        applicantBody({ passportNumber: 'open11111' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('OPEN_APPLICATION_EXISTS');
      expect(response.body).not.toContain(mine);
      // Another country's passport with the same number is another passport.
      expect(
        (
          await call(
            app,
            bob,
            'POST',
            applicantsUrl(theirs),
            applicantBody({ passportNumber: 'OPEN11111', passportIssuingCountry: 'DE' }),
          )
        ).statusCode,
      ).toBe(201);
      // Once the other application is deleted, the passport is free again.
      await call(app, ana, 'DELETE', `/api/eta/applications/${mine}`);
      expect(
        (
          await call(
            app,
            bob,
            'POST',
            applicantsUrl(theirs),
            applicantBody({ isAccountHolder: false, relationship: 'FRIEND', passportNumber: 'OPEN11111' }),
          )
        ).statusCode,
      ).toBe(201);
    });

    it('refuses the same passport twice on one application', async () => {
      const guid = await createApplication(app, ana);
      await addApplicant(app, ana, guid, { passportNumber: 'TWICE1234' });
      const response = await call(
        app,
        ana,
        'POST',
        applicantsUrl(guid),
        applicantBody({ isAccountHolder: false, relationship: 'CHILD', passportNumber: 'TWICE1234' }),
      );
      expect(response.json().code).toBe('PASSPORT_ALREADY_IN_APPLICATION');
    });

    it('refuses a passport with an approved, unexpired ETA, and accepts it again once expired', async () => {
      // Days in the department's time zone, where an ETA's last day ends (validity.ts).
      const today = departmentDay(new Date());
      const yesterday = departmentDay(new Date(Date.now() - 86_400_000));
      const old = await createApplication(app, ana);
      const approved = await addApplicant(app, ana, old, { passportNumber: 'ACTIVE123' });
      await app.db.updateTable('applications').set({ status: 'COMPLETE' }).where('id', '=', old).execute();
      await app.db
        .updateTable('applicants')
        .set({ status: 'APPROVED', valid_until: today })
        .where('id', '=', approved)
        .execute();
      const guid = await createApplication(app, ana);
      const response = await call(
        app,
        ana,
        'POST',
        applicantsUrl(guid),
        applicantBody({ passportNumber: 'ACTIVE123' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error:
          'This passport already has a valid travel authorisation or visa. You do not need to apply again until it expires.',
        code: 'ACTIVE_ETA_VISA_EXISTS',
      });
      await app.db.updateTable('applicants').set({ valid_until: yesterday }).where('id', '=', approved).execute();
      expect(
        (await call(app, ana, 'POST', applicantsUrl(guid), applicantBody({ passportNumber: 'ACTIVE123' }))).statusCode,
      ).toBe(201);
    });

    it('checks an edited passport again, but not against the applicant itself', async () => {
      const guid = await createApplication(app, ana);
      const applicant = await addApplicant(app, ana, guid, { passportNumber: 'EDIT00001' });
      expect(
        (
          await call(
            app,
            ana,
            'PUT',
            `${applicantsUrl(guid)}/${applicant}`,
            applicantBody({ passportNumber: 'EDIT00001', givenNames: 'Amy' }),
          )
        ).statusCode,
      ).toBe(200);
      const moved = await call(
        app,
        ana,
        'PUT',
        `${applicantsUrl(guid)}/${applicant}`,
        applicantBody({ passportNumber: 'EDIT00001', passportIssuingCountry: 'ZA' }),
      );
      expect(moved.json().code).toBe('PASSPORT_COUNTRY_NOT_WHITELISTED');
      const stored = await app.db
        .selectFrom('applicants')
        .selectAll()
        .where('id', '=', applicant)
        .executeTakeFirstOrThrow();
      expect([stored.given_names, stored.passport_country]).toEqual(['Amy', 'FR']);
    });
  });

  it('refuses changes to applicants of an application that is not in progress, or of a submitted applicant', async () => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid);
    await app.db.updateTable('applicants').set({ status: 'SUBMITTED' }).where('id', '=', applicant).execute();
    expect((await call(app, ana, 'PUT', `${applicantsUrl(guid)}/${applicant}`, applicantBody())).json().code).toBe(
      'APPLICANT_NOT_EDITABLE',
    );
    expect((await call(app, ana, 'DELETE', `${applicantsUrl(guid)}/${applicant}`)).json().code).toBe(
      'APPLICANT_NOT_EDITABLE',
    );
    await app.db.updateTable('applications').set({ status: 'SUBMITTED' }).where('id', '=', guid).execute();
    const add = await call(
      app,
      ana,
      'POST',
      applicantsUrl(guid),
      applicantBody({ isAccountHolder: false, relationship: 'CHILD' }),
    );
    expect(add.statusCode).toBe(409);
    expect(add.json()).toEqual({
      error: 'This application can no longer be changed. Its status is: Submitted.',
      code: 'APPLICATION_NOT_EDITABLE',
    });
  });

  it('answers 404 for another account’s applicant, and for an applicant of another application', async () => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid);
    const bobs = await createApplication(app, bob);
    const viaOwnApplication = await call(app, bob, 'PUT', `${applicantsUrl(bobs)}/${applicant}`, applicantBody());
    expect(viaOwnApplication.statusCode).toBe(404);
    expect(viaOwnApplication.json()).toEqual({
      error: 'We could not find this applicant in the application.',
      code: 'APPLICANT_NOT_FOUND',
    });
    expect((await call(app, bob, 'DELETE', `${applicantsUrl(bobs)}/${applicant}`)).statusCode).toBe(404);
    expect((await call(app, bob, 'PUT', `${applicantsUrl(guid)}/${applicant}`, applicantBody())).json().code).toBe(
      'APPLICATION_NOT_FOUND',
    );
    const stored = await app.db.selectFrom('applicants').select('id').where('id', '=', applicant).execute();
    expect(stored).toHaveLength(1);
  });
});

describe('eligible passport countries from ELIGIBLE_PASSPORT_COUNTRIES', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('replaces the default list', async () => {
    vi.stubEnv('ELIGIBLE_PASSPORT_COUNTRIES', 'ZA, NA');
    const app = await buildTestApp();
    try {
      const caller = await signIn(app);
      const guid = await createApplication(app, caller);
      expect(
        (await call(app, caller, 'POST', applicantsUrl(guid), applicantBody({ passportIssuingCountry: 'ZA' })))
          .statusCode,
      ).toBe(201);
      const french = await call(
        app,
        caller,
        'POST',
        applicantsUrl(guid),
        applicantBody({ isAccountHolder: false, relationship: 'CHILD', passportIssuingCountry: 'FR' }),
      );
      expect(french.json().code).toBe('PASSPORT_COUNTRY_NOT_WHITELISTED');
    } finally {
      await app.close();
    }
  });
});
