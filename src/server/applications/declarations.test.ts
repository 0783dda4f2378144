import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowPage } from '../../shared/forms/flow/pages';
import { buildTestApp, databases, TEST_SCHEMAS_DIR } from '../testing/harness';
import { stepNames } from '../lifecycle/public';
import { createFormCheckers, type FormChecker } from './form-answers';
import {
  addApplicant,
  advanceTo,
  call,
  createApplication,
  formOfNamedStep,
  pick,
  signIn,
  validApplicationForm,
  validDeclarations,
  validExamples,
  type Caller,
} from './testing/client';

/** The step after `step` in the manifest's list (the journey is an editor's list: expectations are read from it). */
const nextStep = (step: string) => stepNames()[stepNames().indexOf(step) + 1];

type Answers = Record<string, unknown>;
/** The declarations form (the form of the manifest's DECLARATION step): its pages and conditions, and its examples. */
const FORM = formOfNamedStep('DECLARATION');
const flow: FormChecker = createFormCheckers([FORM], TEST_SCHEMAS_DIR)[FORM];
const [firstExample, ...otherExamples] = validExamples(FORM);

/** The pages `answers` go through, in order (those whose condition does not hold are skipped). */
function pagesFor(answers: Answers): FlowPage[] {
  const pages: FlowPage[] = [];
  for (let page = flow.nextPage(undefined, answers); page; page = flow.nextPage(page.id, answers)) pages.push(page);
  return pages;
}

/** What a page saves of `answers`: the answers of the fields it asks. */
const pageAnswers = (page: FlowPage, answers: Answers) => pick(answers, flow.fieldsShown(page, answers));

/** The questions an example asks that the first does not (details asked after a yes), when the form has any. */
function askedOnlyAfterAnotherAnswer(): { example: Answers; fields: string[] } | undefined {
  const askedFor = (answers: Answers) => pagesFor(answers).flatMap((page) => flow.fieldsShown(page, answers));
  const asked = askedFor(firstExample);
  for (const example of otherExamples) {
    const fields = askedFor(example).filter((field) => !asked.includes(field) && field in example);
    if (fields.length > 0) return { example, fields };
  }
  return undefined;
}
const conditional = askedOnlyAfterAnotherAnswer();

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

  /** Saves one page of the declarations for the applicant. */
  const savePage = (at: { guid: string; applicant: string }, page: string, answers: Answers) =>
    put({ applicationIdentifier: at.guid, applicantIdentifier: at.applicant, page, answers });

  it('saves page by page as the form’s pages come, and completes the step on the last page', async () => {
    const at = await atDeclarations();
    const pages = pagesFor(firstExample);
    for (const [i, page] of pages.entries()) {
      const saved = await savePage(at, page.id, pageAnswers(page, firstExample));
      expect(saved.statusCode).toBe(200);
      const last = i === pages.length - 1;
      expect(saved.json()).toMatchObject(
        last
          ? { page: page.id, complete: true, step: nextStep('DECLARATION'), answers: firstExample }
          : { page: page.id, complete: false, step: 'DECLARATION' },
      );
    }
  });

  it.runIf(conditional)(
    'drops the answers of a question no longer asked (the details of a question then answered no)',
    async () => {
      const { example, fields } = conditional!;
      const at = await atDeclarations();
      // Another example's answers, up to the last page that asks what the first example does not.
      const pages = pagesFor(example);
      const through = Math.max(...fields.map((f) => pages.findIndex((p) => p.fields.includes(f))));
      let answers: Answers = {};
      for (const page of pages.slice(0, through + 1))
        answers = (await savePage(at, page.id, pageAnswers(page, example))).json().answers;
      expect(pick(answers, fields)).toEqual(pick(example, fields));
      // Then the first example's, page by page: once an answer no longer asks those questions, theirs are gone.
      let dropped = false;
      for (const page of pagesFor(firstExample)) {
        answers = (await savePage(at, page.id, pageAnswers(page, firstExample))).json().answers;
        const stillAsked = pagesFor(answers).some((p) => flow.fieldsShown(p, answers).some((f) => fields.includes(f)));
        if (!stillAsked) {
          expect(Object.keys(answers).filter((f) => fields.includes(f))).toEqual([]);
          dropped = true;
        }
      }
      expect(dropped).toBe(true);
      expect(answers).toEqual(firstExample);
    },
  );

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
