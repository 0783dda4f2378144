import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagesOf } from '../../shared/forms/flow/pages';
import { buildTestApp, databases, TEST_SCHEMAS_DIR } from '../testing/harness';
import { stepNames } from '../lifecycle/public';
import {
  addApplicant,
  advanceTo,
  applicantFacts,
  call,
  createApplication,
  formOfNamedStep,
  pick,
  signIn,
  testJourney,
  validApplicationForm,
  type Caller,
} from './testing/client';

/** The pages of the application form (the form of the manifest's APPLICATION_FORM step), as its UI schema lists them. */
function applicationFormPages() {
  const form = formOfNamedStep('APPLICATION_FORM');
  const read = (file: string) => JSON.parse(readFileSync(join(TEST_SCHEMAS_DIR, file), 'utf8'));
  return pagesOf(read(`${form}.ui.json`), read(`${form}.schema.json`));
}

describe.each(databases())('applications on %s', (kind) => {
  let app: FastifyInstance;
  let ana: Caller;
  let bob: Caller;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
    ana = await signIn(app);
    bob = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates an application for the signed-in user and answers it with 201', async () => {
    const response = await call(app, ana, 'POST', '/api/eta/applications', {
      applicationType: 'ETA_SECTION_11_1',
      applyingFor: 'SELF',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      applicationIdentifier: expect.stringMatching(/^[0-9a-f-]{36}$/),
      applicationType: 'ETA_SECTION_11_1',
      applyingFor: 'SELF',
      status: 'IN_PROGRESS',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: body.createdAt,
      applicants: [],
    });
    const stored = await app.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', body.applicationIdentifier)
      .executeTakeFirstOrThrow();
    expect(stored.profile_id).toBe(ana.profileId);
  });

  it('refuses a body that does not follow the create-application schema, field by field', async () => {
    const empty = await call(app, ana, 'POST', '/api/eta/applications', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'There is a problem with the information you sent',
      code: 'VALIDATION_FAILED',
      fields: [
        {
          field: 'applicationType',
          key: 'applications:validation.applicationTypeRequired',
          message: 'Select what you are applying for',
        },
        {
          field: 'applyingFor',
          key: 'applications:validation.applyingForRequired',
          message: 'Select who this application is for',
        },
      ],
    });
    const wrong = await call(
      app,
      ana,
      'POST',
      '/api/eta/applications',
      { applicationType: 'VISA', applyingFor: 'SELF', extra: 1 },
      'fr',
    );
    expect(wrong.json().fields).toEqual([
      { field: 'extra', key: 'validation:generic.unknownField', message: 'Ce champ n’est pas attendu' },
      { field: 'applicationType', key: 'validation:generic.enum', message: 'Sélectionnez l’une des options' },
    ]);
  });

  it('needs a signed-in user for every call', async () => {
    const guid = await createApplication(app, ana);
    for (const [method, url] of [
      ['GET', '/api/eta/applications'],
      ['POST', '/api/eta/applications'],
      ['GET', `/api/eta/applications/${guid}`],
      ['DELETE', `/api/eta/applications/${guid}`],
      ['POST', `/api/eta/applications/${guid}/step/resume`],
      ['GET', `/api/eta/applications/${guid}/applicants`],
      ['GET', `/api/eta/application-details/${guid}`],
      ['PUT', '/api/eta/declarations'],
    ] as const) {
      const response = await call(
        app,
        undefined,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('lists only the caller’s applications, newest first, with each applicant’s status and step', async () => {
    const caller = await signIn(app);
    const first = await createApplication(app, caller, { applicationType: 'ETA', applyingFor: 'SELF' });
    const second = await createApplication(app, caller, { applicationType: 'ETA', applyingFor: 'SELF_AND_OTHERS' });
    const self = await addApplicant(app, caller, second);
    const child = await addApplicant(app, caller, second, {
      isAccountHolder: false,
      relationship: 'CHILD',
      givenNames: 'Léa',
      dateOfBirth: '2015-09-30',
    });
    await advanceTo(app, self, 'APPLICATION_FORM');
    await createApplication(app, bob);

    const response = await call(app, caller, 'GET', '/api/eta/applications');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((a: { applicationIdentifier: string }) => a.applicationIdentifier)).toEqual([second, first]);
    expect(list[1].applicants).toEqual([]);
    expect(
      list[0].applicants.map((a: { applicantIdentifier: string; status: string; step: string }) => [
        a.applicantIdentifier,
        a.status,
        a.step,
      ]),
    ).toEqual([
      [self, 'NOT_SUBMITTED', 'APPLICATION_FORM'],
      [child, 'NOT_SUBMITTED', stepNames()[0]],
    ]);
    // Every step of the manifest's list: those before the application form completed, the later ones not open yet.
    const at = stepNames().indexOf('APPLICATION_FORM');
    expect(list[0].applicants[0].steps).toEqual(
      stepNames().map((step, i) => ({
        step,
        state: i < at ? 'COMPLETED' : i === at ? 'IN_PROGRESS' : 'CANNOT_START_YET',
      })),
    );
    expect(list[0].applicants[1]).toMatchObject({
      isAccountHolder: false,
      relationship: 'CHILD',
      givenNames: 'Léa',
      passportIssuingCountry: 'FR',
    });

    const single = await call(app, caller, 'GET', `/api/eta/applications/${second}`);
    expect(single.json()).toEqual(list[0]);
  });

  it('answers 404 for another account’s application, never its data', async () => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid);
    const calls = [
      call(app, bob, 'GET', `/api/eta/applications/${guid}`),
      call(app, bob, 'DELETE', `/api/eta/applications/${guid}`),
      call(app, bob, 'POST', `/api/eta/applications/${guid}/step/resume`),
      call(app, bob, 'GET', `/api/eta/applications/${guid}/applicants`),
      call(app, bob, 'POST', `/api/eta/applications/${guid}/applicants`, {
        isAccountHolder: true,
        givenNames: 'Bob',
        familyName: 'Ross',
        dateOfBirth: '1970-01-01',
        nationality: 'US',
        passportIssuingCountry: 'US',
        passportNumber: 'BOB12345',
      }),
      call(app, bob, 'DELETE', `/api/eta/applications/${guid}/applicants/${applicant}`),
      call(app, bob, 'GET', `/api/eta/application-details/${guid}`),
      call(app, bob, 'PUT', `/api/eta/application-details/${guid}`, { applicantIdentifier: applicant, answers: {} }),
      call(app, bob, 'PUT', '/api/eta/declarations', {
        applicationIdentifier: guid,
        applicantIdentifier: applicant,
        answers: {},
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'We could not find this application.', code: 'APPLICATION_NOT_FOUND' });
      expect(response.body).not.toContain(applicant);
    }
    expect((await call(app, bob, 'GET', '/api/eta/applications')).body).not.toContain(guid);
    expect((await call(app, ana, 'GET', `/api/eta/applications/not-a-guid`)).statusCode).toBe(404);
    expect((await call(app, ana, 'GET', `/api/eta/applications/${guid}`)).statusCode).toBe(200);
  });

  it('deletes an application in progress with its applicants and answers, and nothing else', async () => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid);
    await advanceTo(app, applicant, 'APPLICATION_FORM');
    await call(app, ana, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: applicant,
      page: 'work',
      draft: true,
      answers: { occupationType: 'MEDIA' },
    });
    const keep = await createApplication(app, ana);

    const response = await call(app, ana, 'DELETE', `/api/eta/applications/${guid}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ applicationIdentifier: guid, deleted: true });
    expect(await app.db.selectFrom('applicants').select('id').where('application_id', '=', guid).execute()).toEqual([]);
    expect(
      await app.db.selectFrom('applicant_answers').select('form_id').where('applicant_id', '=', applicant).execute(),
    ).toEqual([]);
    expect((await call(app, ana, 'GET', `/api/eta/applications/${guid}`)).statusCode).toBe(404);
    expect((await call(app, ana, 'DELETE', `/api/eta/applications/${guid}`)).statusCode).toBe(404);
    expect((await call(app, ana, 'GET', `/api/eta/applications/${keep}`)).statusCode).toBe(200);
  });

  it('refuses to delete an application that is no longer in progress (409)', async () => {
    for (const status of ['SUBMITTED', 'CANCELLED', 'COMPLETE'] as const) {
      const guid = await createApplication(app, ana);
      await app.db.updateTable('applications').set({ status }).where('id', '=', guid).execute();
      const response = await call(app, ana, 'DELETE', `/api/eta/applications/${guid}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('APPLICATION_NOT_DELETABLE');
      expect(await app.db.selectFrom('applications').select('id').where('id', '=', guid).execute()).toHaveLength(1);
    }
    const guid = await createApplication(app, ana);
    await app.db.updateTable('applications').set({ status: 'SUBMITTED' }).where('id', '=', guid).execute();
    const french = await call(app, ana, 'DELETE', `/api/eta/applications/${guid}`, undefined, 'fr');
    expect(french.json().error).toBe(
      'Seule une demande en cours peut être supprimée. Le statut de celle-ci est : Envoyée.',
    );
  });

  describe('resume', () => {
    it('sends an application without applicants to the applicants page', async () => {
      const guid = await createApplication(app, ana);
      const response = await call(app, ana, 'POST', `/api/eta/applications/${guid}/step/resume`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        applicationIdentifier: guid,
        applicantIdentifier: null,
        step: 'MANAGE_APPLICANTS',
      });
    });

    it('continues with the applicant furthest behind, at the first page that still needs answers', async () => {
      const guid = await createApplication(app, ana);
      const first = await addApplicant(app, ana, guid);
      const second = await addApplicant(app, ana, guid, { isAccountHolder: false, relationship: 'SPOUSE_OR_PARTNER' });
      const resume = async () => (await call(app, ana, 'POST', `/api/eta/applications/${guid}/step/resume`)).json();
      const start = testJourney()[0].step;

      expect(await resume()).toEqual({ applicationIdentifier: guid, applicantIdentifier: first, step: start });
      await advanceTo(app, first, 'APPLICATION_FORM');
      expect(await resume()).toEqual({ applicationIdentifier: guid, applicantIdentifier: second, step: start });
      await advanceTo(app, second, 'APPLICATION_FORM');
      // The application form's first two pages, as its configuration orders them.
      const [firstPage, secondPage] = applicationFormPages();
      expect(await resume()).toEqual({
        applicationIdentifier: guid,
        applicantIdentifier: first,
        step: 'APPLICATION_FORM',
        page: firstPage.id,
      });

      // The first page answered as the form's first valid example answers it, with the applicant's own facts.
      const answers = validApplicationForm(await applicantFacts(app, ana, guid, first));
      const saved = await call(app, ana, 'PUT', `/api/eta/application-details/${guid}`, {
        applicantIdentifier: first,
        page: firstPage.id,
        answers: pick(answers, firstPage.fields),
      });
      expect(saved.statusCode).toBe(200);
      expect(await resume()).toEqual({
        applicationIdentifier: guid,
        applicantIdentifier: first,
        step: 'APPLICATION_FORM',
        page: secondPage.id,
      });
    });

    it('refuses to resume an application that is no longer in progress', async () => {
      const guid = await createApplication(app, ana);
      await app.db.updateTable('applications').set({ status: 'COMPLETE' }).where('id', '=', guid).execute();
      const response = await call(app, ana, 'POST', `/api/eta/applications/${guid}/step/resume`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'This application can no longer be changed. Its status is: Complete.',
        code: 'APPLICATION_NOT_EDITABLE',
      });
    });
  });

  it('enforces the steps of the route manifest, in its order', () => {
    const manifest = JSON.parse(readFileSync(join(TEST_SCHEMAS_DIR, 'routes.manifest.json'), 'utf8'));
    expect(stepNames()).toEqual((manifest as { steps: { step: string }[] }).steps.map((s) => s.step));
  });
});
