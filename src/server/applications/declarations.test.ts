import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import { stepNames } from '../lifecycle/public';
import {
  addApplicant,
  advanceTo,
  call,
  createApplication,
  signIn,
  validApplicationForm,
  validDeclarations,
  type Caller,
} from './testing/client';

/** The step after `step` in the manifest's list (the journey is an editor's list: expectations are read from it). */
const nextStep = (step: string) => stepNames()[stepNames().indexOf(step) + 1];

describe.each(databases())('declarations on %s', (kind) => {
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

  const put = (body: Record<string, unknown>, caller = ana, lang?: string) =>
    call(app, caller, 'PUT', '/api/eta/declarations', body, lang);

  /** An applicant whose application form is complete, through the API. */
  const atDeclarations = async () => {
    const guid = await createApplication(app, ana);
    const passportNumber = `D${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
    const applicant = await addApplicant(app, ana, guid, { passportNumber });
    await advanceTo(app, applicant, 'APPLICATION_FORM');
    const form = await call(app, ana, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: applicant,
      answers: validApplicationForm({ passportNumber }),
    });
    if (form.json().step !== nextStep('APPLICATION_FORM')) throw new Error(`form answered ${form.body}`);
    await advanceTo(app, applicant, 'DECLARATION');
    return { guid, applicant };
  };

  it('refuses declarations before the application form is complete (409 STEP_NOT_REACHED)', async () => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid);
    await advanceTo(app, applicant, 'APPLICATION_FORM');
    const response = await put({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      answers: validDeclarations(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'This step is not open yet. Complete "Application form" first.',
      code: 'STEP_NOT_REACHED',
    });
  });

  it('saves complete declarations and moves the applicant on to the next step', async () => {
    const { guid, applicant } = await atDeclarations();
    const response = await put({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      answers: validDeclarations(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      page: null,
      complete: true,
      step: nextStep('DECLARATION'),
      answers: validDeclarations(),
    });
    const details = (await call(app, ana, 'GET', `/api/eta/application-details/${guid}`)).json().applicants[0];
    expect(details.declarations).toEqual({ answers: validDeclarations(), lastPage: null, complete: true });
    const steps = (await call(app, ana, 'GET', `/api/eta/applications/${guid}/applicants`)).json()[0].steps;
    const done = stepNames().indexOf('DECLARATION');
    expect(steps.map((s: { state: string }) => s.state)).toEqual(
      stepNames().map((_, i) => (i <= done ? 'COMPLETED' : i === done + 1 ? 'IN_PROGRESS' : 'CANNOT_START_YET')),
    );
  });

  it('requires details for every yes and the final declaration ticked, in the caller’s language', async () => {
    const { guid, applicant } = await atDeclarations();
    const response = await put(
      {
        applicationIdentifier: guid,
        applicantIdentifier: applicant,
        answers: validDeclarations({ pendingCharges: true, overstayed: 'yes', declarationTrueAndComplete: false }),
      },
      ana,
      'fr',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'overstayed', key: 'validation:yesNo.required', message: expect.any(String) },
        {
          field: 'pendingChargesDetails',
          key: 'applications:validation.detailsRequired',
          message: 'Donnez des détails sur votre réponse',
        },
        {
          field: 'declarationTrueAndComplete',
          key: 'applications:validation.declarationRequired',
          message: 'Confirmez que les informations que vous avez données sont exactes et complètes',
        },
      ]),
    );
    expect(response.json().fields).toHaveLength(3);
  });

  it('saves page by page, drops details of a question answered no, and completes on the last page', async () => {
    const { guid, applicant } = await atDeclarations();
    const body = (page: string, answers: Record<string, unknown>) => ({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      page,
      answers,
    });
    expect((await put(body('criminal', { criminalConviction: true, pendingCharges: false }))).json()).toMatchObject({
      complete: false,
      step: 'DECLARATION',
    });
    const details = await put(
      body('criminal-conviction-details', { criminalConvictionDetails: 'Fined for speeding in 2012.' }),
    );
    expect(details.json().answers.criminalConvictionDetails).toBe('Fined for speeding in 2012.');
    const changed = await put(body('criminal', { criminalConviction: false, pendingCharges: false }));
    expect(changed.json().answers).not.toHaveProperty('criminalConvictionDetails');
    await put(body('immigration', { refusedEntryOrDeported: false, overstayed: false, undesirablePerson: false }));
    await put(body('security', { terrorismOrWarCrimes: false }));
    await put(body('health', { yellowFeverTravel: false, communicableDisease: false }));
    const last = await put(body('declaration', { declarationTrueAndComplete: true }));
    expect(last.json()).toMatchObject({ page: 'declaration', complete: true, step: nextStep('DECLARATION') });
  });

  it('keeps an unfinished draft, but not a wrong type', async () => {
    const { guid, applicant } = await atDeclarations();
    const draft = await put({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      draft: true,
      page: 'criminal',
      answers: { criminalConviction: true },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ complete: false, step: 'DECLARATION', answers: { criminalConviction: true } });
    const wrong = await put({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      draft: true,
      page: 'criminal',
      answers: { criminalConviction: 'perhaps' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([
      { field: 'criminalConviction', key: 'validation:yesNo.required', message: 'Select yes or no' },
    ]);
  });

  it('answers 404 for another account’s application or applicant', async () => {
    const { guid, applicant } = await atDeclarations();
    const direct = await put(
      { applicationIdentifier: guid, applicantIdentifier: applicant, answers: validDeclarations() },
      bob,
    );
    expect(direct.statusCode).toBe(404);
    expect(direct.json().code).toBe('APPLICATION_NOT_FOUND');
    const bobs = await createApplication(app, bob);
    const crossed = await put(
      { applicationIdentifier: bobs, applicantIdentifier: applicant, answers: validDeclarations() },
      bob,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe('APPLICANT_NOT_FOUND');
    const details = (await call(app, ana, 'GET', `/api/eta/application-details/${guid}`)).json().applicants[0]
      .declarations;
    expect(details.answers).toEqual({});
  });
});
