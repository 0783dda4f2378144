import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, TEST_SCHEMAS_DIR } from '../testing/harness';
import { createFormCheckers } from './form-answers';
import {
  addApplicant,
  advanceTo,
  call,
  createApplication,
  pick,
  signIn,
  stepAfter,
  validApplicationForm,
  type Caller,
} from './testing/client';

const applicationSchema = JSON.parse(readFileSync(join(TEST_SCHEMAS_DIR, 'application-form.schema.json'), 'utf8')) as {
  required: string[];
};

const detailsUrl = (guid: string) => `/api/eta/application-details/${guid}`;
const { 'application-form': applicationForm } = createFormCheckers(['application-form'], TEST_SCHEMAS_DIR);
/** The fields of a page of the application form, as its UI schema lists them. */
const fieldsOf = (page: string) => applicationForm.page(page)!.fields;
const TRIP = fieldsOf('trip');
const HOST = fieldsOf('host');

describe.each(databases())('application details on %s', (kind) => {
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

  /** An application with one applicant (the account holder) who has finished capture. */
  const ready = async (passportNumber = `F${Math.random().toString(36).slice(2, 9).toUpperCase()}`) => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid, { passportNumber });
    await advanceTo(app, applicant, 'APPLICATION_FORM');
    return { guid, applicant, form: validApplicationForm({ passportNumber }) };
  };
  const put = (guid: string, body: Record<string, unknown>, caller = ana, lang?: string) =>
    call(app, caller, 'PUT', detailsUrl(guid), body, lang);

  it('refuses the form before the capture step is completed (409 STEP_NOT_REACHED)', async () => {
    const guid = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, guid);
    const response = await put(guid, {
      applicantIdentifier: applicant,
      page: 'work',
      answers: { occupationType: 'MEDIA' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'This step is not open yet. Complete "Photo and passport" first.',
      code: 'STEP_NOT_REACHED',
    });
    const french = await put(guid, { applicantIdentifier: applicant, answers: {} }, ana, 'fr');
    expect(french.json().error).toBe(
      'Cette étape n’est pas encore ouverte. Terminez d’abord « Photo et passeport ».'.replace(/’/g, "'"),
    );
  });

  it('starts from the applicant’s facts and the account holder’s contact details', async () => {
    const { guid, applicant } = await ready('PRE123456');
    const response = await call(app, ana, 'GET', `${detailsUrl(guid)}?applicantIdentifier=${applicant}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      applicationIdentifier: guid,
      applicants: [
        {
          applicantIdentifier: applicant,
          step: 'APPLICATION_FORM',
          applicationForm: {
            answers: {
              title: 'MS',
              givenNames: 'Amélie',
              familyName: 'Dubois',
              dateOfBirth: '1986-04-12',
              nationality: 'FR',
              passportIssuingCountry: 'FR',
              passportNumber: 'PRE123456',
              email: expect.stringContaining('@example.com'),
              mobile: { isoAlpha2Code: 'ZA', mobileNumber: '+27821234567' },
            },
            lastPage: null,
            complete: false,
          },
          declarations: { answers: {}, lastPage: null, complete: false },
        },
      ],
    });
  });

  it('saves a page, validating only that page’s fields, with field paths in the 400', async () => {
    const { guid, applicant, form } = await ready();
    const bad = await put(guid, {
      applicantIdentifier: applicant,
      page: 'trip',
      answers: {
        purposeOfVisit: 'VACATION_HOLIDAY',
        arrivalDate: '2030-02-30',
        departureDate: '2030-03-01',
        flightNumber: 'flight nine',
      },
    });
    // Besides the two wrong answers, every required question the page shows that was not answered.
    const sent = { purposeOfVisit: 'VACATION_HOLIDAY', departureDate: '2030-03-01' };
    const unanswered = applicationForm
      .fieldsShown(applicationForm.page('trip')!, sent)
      .filter(
        (field) => applicationSchema.required.includes(field) && !['arrivalDate', ...Object.keys(sent)].includes(field),
      );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'There is a problem with the information you sent',
      code: 'VALIDATION_FAILED',
      fields: expect.arrayContaining([
        { field: 'arrivalDate', key: 'validation:date.invalid', message: 'Enter a real date' },
        {
          field: 'flightNumber',
          key: 'applications:validation.flightNumberInvalid',
          message: 'Enter a flight number like SA 234',
        },
        {
          field: 'portOfEntry',
          key: 'applications:validation.portOfEntryRequired',
          message: 'Select the airport where you will arrive',
        },
      ]),
    });
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['arrivalDate', 'flightNumber', ...unanswered].sort());

    const good = await put(guid, { applicantIdentifier: applicant, page: 'trip', answers: pick(form, TRIP) });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      page: 'trip',
      complete: false,
      step: 'APPLICATION_FORM',
    });
    expect(good.json().answers).toMatchObject({ ...pick(form, TRIP), givenNames: 'Amélie' });
    const stored = (await call(app, ana, 'GET', detailsUrl(guid))).json().applicants[0].applicationForm;
    expect(stored).toMatchObject({ lastPage: 'trip', complete: false });
    expect(stored.answers.arrivalDate).toBe(form.arrivalDate);
  });

  it('refuses answers that are not on the page, and pages that do not exist', async () => {
    const { guid, applicant } = await ready();
    const stray = await put(guid, {
      applicantIdentifier: applicant,
      page: 'work',
      answers: { occupationType: 'MEDIA', arrivalDate: '2030-01-01', shoeSize: 42 },
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().fields).toEqual([
      {
        field: 'arrivalDate',
        key: 'applications:validation.fieldNotOnPage',
        message: 'This answer does not belong on this page of the form',
      },
      { field: 'shoeSize', key: 'validation:generic.unknownField', message: 'This field is not expected' },
    ]);
    const nowhere = await put(guid, { applicantIdentifier: applicant, page: 'hobbies', answers: {} });
    expect(nowhere.json().fields).toEqual([
      { field: 'page', key: 'applications:validation.noSuchPage', message: 'The form has no page with this name' },
    ]);
    const envelope = await put(guid, { page: 'work', answers: [] });
    expect(envelope.statusCode).toBe(400);
    expect(
      envelope
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['answers', 'applicantIdentifier']);
  });

  it('stores drafts while typing, but refuses wrong types and unknown fields in them', async () => {
    const { guid, applicant } = await ready();
    const partial = await put(guid, {
      applicantIdentifier: applicant,
      page: 'trip',
      draft: true,
      answers: { arrivalDate: '2030-03-', flightNumber: 'SA' },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ complete: false, step: 'APPLICATION_FORM' });
    expect(partial.json().answers).toMatchObject({ arrivalDate: '2030-03-', flightNumber: 'SA' });
    const reloaded = (await call(app, ana, 'GET', detailsUrl(guid))).json().applicants[0].applicationForm;
    expect(reloaded.answers).toMatchObject({ arrivalDate: '2030-03-', flightNumber: 'SA' });

    const wrongType = await put(guid, {
      applicantIdentifier: applicant,
      page: 'trip',
      draft: true,
      answers: { arrivalDate: { day: 1 }, purposeOfVisit: 'SHOPPING' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields.map((f: { field: string; key: string }) => [f.field, f.key])).toEqual([
      ['purposeOfVisit', 'validation:generic.enum'],
      ['arrivalDate', 'validation:date.invalid'],
    ]);
    const unknown = await put(guid, {
      applicantIdentifier: applicant,
      draft: true,
      answers: { favouriteColour: 'blue' },
    });
    expect(unknown.json().fields).toEqual([
      { field: 'favouriteColour', key: 'validation:generic.unknownField', message: 'This field is not expected' },
    ]);
    // The refused drafts changed nothing.
    expect((await call(app, ana, 'GET', detailsUrl(guid))).json().applicants[0].applicationForm.answers).toEqual(
      reloaded.answers,
    );
  });

  it('removes the answers of questions that no longer apply', async () => {
    const { guid, applicant, form } = await ready();
    const visiting = { ...pick(form, TRIP), purposeOfVisit: 'VISITING_FRIENDS_AND_RELATIVES' };
    expect((await put(guid, { applicantIdentifier: applicant, page: 'trip', answers: visiting })).statusCode).toBe(200);
    const host = {
      hostFullName: 'Thabo Mokoena',
      hostRelationship: 'Friend',
      hostMobile: { isoAlpha2Code: 'ZA', mobileNumber: '082 123 4567' },
    };
    const savedHost = await put(guid, { applicantIdentifier: applicant, page: 'host', answers: host });
    expect(savedHost.statusCode).toBe(200);
    // The phone rule normalises the number, as in the browser.
    expect(savedHost.json().answers.hostMobile).toEqual({ isoAlpha2Code: 'ZA', mobileNumber: '+27821234567' });

    const holiday = await put(guid, { applicantIdentifier: applicant, page: 'trip', answers: pick(form, TRIP) });
    expect(holiday.statusCode).toBe(200);
    for (const field of HOST) expect(holiday.json().answers).not.toHaveProperty(field);
    const stored = (await call(app, ana, 'GET', detailsUrl(guid))).json().applicants[0].applicationForm.answers;
    for (const field of HOST) expect(stored).not.toHaveProperty(field);

    // A whole-form save drops them too, and answers on a page that does not apply are not kept.
    const whole = await put(guid, {
      applicantIdentifier: applicant,
      answers: { ...form, ...host, visitedBefore: false, previousVisitDate: '2019-12-20' },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().answers).not.toHaveProperty('hostFullName');
    expect(whole.json().answers).not.toHaveProperty('previousVisitDate');
  });

  it('requires the fields of a section that applies, and checks the date rules on the server', async () => {
    const { guid, applicant, form } = await ready();
    const whole = await put(guid, {
      applicantIdentifier: applicant,
      answers: {
        ...form,
        purposeOfVisit: 'CONFERENCES',
        departureDate: '2030-06-15',
        passportExpiryDate: '2030-07-01',
        refusedBefore: true,
      },
    });
    expect(whole.statusCode).toBe(400);
    expect(
      whole
        .json()
        .fields.map((f: { field: string; key: string }) => [f.field, f.key])
        .sort(),
    ).toEqual([
      ['departureDate', 'applications:validation.stayTooLong'],
      ['eventCity', 'applications:validation.cityRequired'],
      ['eventName', 'validation:generic.required'],
      ['eventOrganiser', 'validation:generic.required'],
      ['refusalDetails', 'validation:generic.required'],
    ]);
    const shortPassport = await put(
      guid,
      { applicantIdentifier: applicant, answers: { ...form, passportExpiryDate: '2030-04-01' } },
      ana,
      'fr',
    );
    expect(shortPassport.json().fields).toEqual([
      {
        field: 'departureDate',
        key: 'applications:validation.passportTooShort',
        message: 'Votre passeport doit être valable au moins 30 jours après la date de départ',
      },
    ]);
    const expired = await put(guid, {
      applicantIdentifier: applicant,
      page: 'passport',
      answers: {
        ...pick(form, ['passportNumber', 'passportIssuingCountry', 'passportIssueDate', 'passportIssuingAuthority']),
        passportExpiryDate: '2020-01-01',
      },
    });
    expect(expired.json().fields.map((f: { field: string; key: string }) => [f.field, f.key])).toEqual([
      ['passportExpiryDate', 'applications:validation.passportExpired'],
    ]);
  });

  it('advances to the next step with a complete save, and back when the form becomes incomplete', async () => {
    const { guid, applicant, form } = await ready();
    const complete = await put(guid, { applicantIdentifier: applicant, answers: form });
    expect(complete.statusCode).toBe(200);
    // The step after the application form in the manifest's list (the declarations, unless an editor put one between).
    const next = stepAfter('APPLICATION_FORM');
    expect(complete.json()).toMatchObject({ complete: true, step: next });
    const list = (await call(app, ana, 'GET', `/api/eta/applications/${guid}`)).json();
    expect(list.applicants[0].step).toBe(next);

    // A draft never moves the step.
    const draft = await put(guid, {
      applicantIdentifier: applicant,
      page: 'work',
      draft: true,
      answers: { occupationType: 'OTHER' },
    });
    expect(draft.json()).toMatchObject({ step: next });

    // A new section now applies (host details), so the form is incomplete and its step open again.
    const changed = await put(guid, {
      applicantIdentifier: applicant,
      page: 'trip',
      answers: { ...pick(form, TRIP), purposeOfVisit: 'VISITING_FRIENDS_AND_RELATIVES' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ complete: false, step: 'APPLICATION_FORM' });
    const resume = (await call(app, ana, 'POST', `/api/eta/applications/${guid}/step/resume`)).json();
    expect(resume).toEqual({
      applicationIdentifier: guid,
      applicantIdentifier: applicant,
      step: 'APPLICATION_FORM',
      page: 'host',
    });
  });

  it('checks a passport changed in the form for eligibility, and keeps the applicant’s facts in step', async () => {
    const { guid, applicant, form } = await ready();
    const other = await createApplication(app, bob);
    await addApplicant(app, bob, other, { passportNumber: 'TAKEN1234' });
    // Another account's application counts once it is submitted (or its passport page photographed).
    await app.db.updateTable('applications').set({ status: 'SUBMITTED' }).where('id', '=', other).execute();
    const taken = await put(guid, {
      applicantIdentifier: applicant,
      answers: { ...form, passportNumber: 'TAKEN1234' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('OPEN_APPLICATION_EXISTS');
    const renamed = await put(guid, {
      applicantIdentifier: applicant,
      answers: { ...form, givenNames: 'Amélie Claire', passportNumber: 'NEW123456' },
    });
    expect(renamed.statusCode).toBe(200);
    const facts = (await call(app, ana, 'GET', `/api/eta/applications/${guid}/applicants`)).json()[0];
    expect(facts).toMatchObject({ givenNames: 'Amélie Claire', passportNumber: 'NEW123456' });
  });

  it('answers 404 for an applicant of another account, through one’s own application too', async () => {
    const { applicant } = await ready();
    const bobs = await createApplication(app, bob);
    const response = await put(bobs, { applicantIdentifier: applicant, answers: {} }, bob);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('APPLICANT_NOT_FOUND');
    const read = await call(app, bob, 'GET', `${detailsUrl(bobs)}?applicantIdentifier=${applicant}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Dubois');
  });

  it('refuses changes once the application is submitted', async () => {
    const { guid, applicant, form } = await ready();
    await app.db.updateTable('applications').set({ status: 'SUBMITTED' }).where('id', '=', guid).execute();
    const response = await put(guid, { applicantIdentifier: applicant, answers: form });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('APPLICATION_NOT_EDITABLE');
  });
});
