import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases } from '../testing/harness';
import { journeySteps } from '../lifecycle/public';
import {
  addApplicant,
  advanceTo,
  call,
  completeStepsBetween,
  createApplication,
  signIn,
  stepAfter,
  validApplicationForm,
  validDeclarations,
  type Caller,
} from './testing/client';

// The form steps of the journey, as the route manifest names them.
const formSteps = journeySteps().filter((s) => s.form);
const declarationsStep = formSteps.find((s) => s.form === 'declarations')!;
const applicationStep = formSteps.find((s) => s.form === 'application-form')!;

describe.each(databases())('answers of any form step on %s', (kind) => {
  let app: FastifyInstance;
  let ana: Caller;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
    ana = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const path = (guid: string, formId: string) => `/api/eta/applications/${guid}/answers/${formId}`;

  it('loads a form step in one call: answers (from the facts at first), the page to open, name and step', async () => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid, { givenNames: 'Ana', familyName: 'Silva' });
    await advanceTo(app, applicant, applicationStep.step);
    const response = await call(app, ana, 'GET', `${path(guid, 'application-form')}?applicantIdentifier=${applicant}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      formId: 'application-form',
      step: applicationStep.step,
      currentStep: applicationStep.step,
      givenNames: 'Ana',
      familyName: 'Silva',
      complete: false,
      lastPage: null,
    });
    expect(body.answers.givenNames).toBe('Ana');
    expect(typeof body.startPage).toBe('string');
  });

  it('saves through the generic call exactly as through the specification’s, and keeps the step order', async () => {
    const guid = await createApplication(app, ana);
    const passportNumber = `G${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
    const applicant = await addApplicant(app, ana, guid, { passportNumber });
    await advanceTo(app, applicant, applicationStep.step);
    const early = await call(app, ana, 'PUT', path(guid, 'declarations'), {
      applicantIdentifier: applicant,
      answers: validDeclarations(),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('STEP_NOT_REACHED');
    const form = await call(app, ana, 'PUT', path(guid, 'application-form'), {
      applicantIdentifier: applicant,
      answers: validApplicationForm({ passportNumber }),
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ complete: true, step: stepAfter(applicationStep.step) });
    await completeStepsBetween(app, ana, guid, applicant, applicationStep.step, declarationsStep.step);
    const declarations = await call(app, ana, 'PUT', path(guid, 'declarations'), {
      applicantIdentifier: applicant,
      answers: validDeclarations(),
    });
    expect(declarations.statusCode).toBe(200);
    expect(declarations.json()).toMatchObject({ complete: true, answers: validDeclarations() });
    const details = (await call(app, ana, 'GET', `/api/eta/application-details/${guid}`)).json().applicants[0];
    expect(details.declarations).toEqual({ answers: validDeclarations(), lastPage: null, complete: true });
  });

  it('refuses a form that is not a step of the journey (404 FORM_NOT_FOUND) and a bad body (400)', async () => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid);
    const unknown = await call(app, ana, 'GET', `${path(guid, 'login')}?applicantIdentifier=${applicant}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'This form is not a step of the application.', code: 'FORM_NOT_FOUND' });
    const bad = await call(app, ana, 'PUT', path(guid, 'declarations'), { answers: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});
