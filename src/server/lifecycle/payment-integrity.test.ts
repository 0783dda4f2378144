import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormCheckers } from '../applications/public';
import {
  addApplicant,
  APPLICANT_FACTS,
  applicantBody,
  call,
  createApplication,
  formOfNamedStep,
  pick,
  signIn,
  testJourney,
  validDeclarations,
  validExamples,
  type Caller,
} from '../applications/testing/client';
import { decideAll } from '../decisions/testing/client';
import { ageOn, loadDocumentRules } from '../documents/requirements';
import { DEFAULT_FEES } from '../payments/config';
import { confirm, overview, payWithCard, startPayment, submission } from '../payments/testing/client';
import { buildTestApp, databases, TEST_SCHEMAS_DIR } from '../testing/harness';
import { applicationFormFor, completeEveryStep } from './testing/journey';

// What the tests change is read from the configuration: the application form's pages and examples, the documents
// rules and the journey's steps, so that they hold whatever an editor changes there.
const FORM = formOfNamedStep('APPLICATION_FORM');
const flow = createFormCheckers([FORM], TEST_SCHEMAS_DIR)[FORM];
const [firstExample, ...otherExamples] = validExamples(FORM);
/** The facts of the applicants these tests add (applicantBody's, each with a passport number of its own). */
const applicant = applicantBody();
const facts = pick(applicant, [...APPLICANT_FACTS]);

/** The documents the rules ask of this applicant (an adult account holder applying for an ETA) answering `answers`. */
function documentsAskedFor(answers: Record<string, unknown>): string[] {
  const rules = loadDocumentRules(TEST_SCHEMAS_DIR);
  const asked = rules.evaluate({
    applicationType: 'ETA',
    applicant: {
      age: ageOn(String(applicant.dateOfBirth), new Date()),
      nationality: String(applicant.nationality),
      passportIssuingCountry: String(applicant.passportIssuingCountry),
      isAccountHolder: true,
    },
    answers: { ...answers, ...facts },
    declarations: validDeclarations(),
  });
  return asked.filter((r) => r.required).map((r) => r.documentType);
}

/** A valid example of the application form for which the rules ask a document they do not ask for the first. */
const askingAnotherDocument = otherExamples.find((example) =>
  documentsAskedFor(example).some((type) => !documentsAskedFor(firstExample).includes(type)),
);

/**
 * A page the application form `form` (the first example with an applicant's facts) answers, with one answer (not one
 * of the applicant's facts) changed to what another valid example gives, still valid on that page: the page's
 * answers before and after.
 */
function pageWithAnotherAnswer(firstForm: Record<string, unknown>) {
  for (const page of flow.pages.filter((p) => flow.pageApplies(p, firstForm))) {
    const shown = flow.fieldsShown(page, firstForm).filter((f) => !(APPLICANT_FACTS as readonly string[]).includes(f));
    for (const field of shown.filter((f) => f in firstForm)) {
      for (const example of otherExamples) {
        const changed = { ...firstForm, [field]: example[field] };
        if (!(field in example) || isDeepStrictEqual(example[field], firstForm[field])) continue;
        if (flow.pageProblems(page, changed).length > 0) continue;
        const fields = flow.fieldsShown(page, firstForm);
        return { page: page.id, same: pick(firstForm, fields), changed: pick(changed, fields) };
      }
    }
  }
  throw new Error(`no two valid examples of ${FORM} answer a question of the same page differently: add one`);
}

/** A page `firstForm` answers, without one answer that page requires: a draft the form is incomplete with. */
function pageWithoutARequiredAnswer(firstForm: Record<string, unknown>) {
  for (const page of flow.pages.filter((p) => flow.pageApplies(p, firstForm))) {
    const fields = flow.fieldsShown(page, firstForm).filter((f) => f in firstForm);
    const required = fields.find((field) => {
      const without = { ...firstForm };
      delete without[field];
      return flow.pageProblems(page, without).length > 0;
    });
    const rest = fields.filter((f) => f !== required);
    if (required) return { page: page.id, answers: pick(firstForm, rest) };
  }
  throw new Error(`no page of ${FORM} requires an answer`);
}

/** The journey's step of supporting documents, and its last step (payment), as the manifest names them. */
const documentsStep = () => testJourney().find((s) => s.page === 'supporting-documents')!.step;
const paymentStep = () => testJourney().at(-1)!.step;

/**
 * The amount and the applicants of a payment are fixed when it starts: anything that changes the application
 * afterwards voids it, and no money ever turns applicants that were not paid for, or not complete, into a
 * submission (and so into a decision, a document and a seal).
 */
describe.each(databases())('a payment started before the application changed, on %s', (kind) => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'eta-payment-integrity-'));
    // The photos' face check has tests of its own; here it would only cost time.
    app = await buildTestApp({ db: kind, dataDir, env: { DATA_DIR: dataDir, CAPTURE_FACE_CHECK: 'false' } });
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An application whose one applicant has taken every step through the API, and a payment started for it. */
  async function paymentStartedForOne(caller: Caller) {
    const guid = await createApplication(app, caller);
    const first = await addApplicant(app, caller, guid);
    await completeEveryStep(app, caller, guid, first);
    const started = await startPayment(app, caller, guid);
    expect(started.statusCode).toBe(201);
    return { guid, first, redirectUrl: started.json().redirectUrl as string };
  }

  const rows = async (guid: string) => ({
    application: await app.db.selectFrom('applications').select('status').where('id', '=', guid).executeTakeFirst(),
    applicants: await app.db
      .selectFrom('applicants')
      .select(['id', 'status'])
      .where('application_id', '=', guid)
      .orderBy('position')
      .execute(),
    payments: await app.db.selectFrom('payments').select(['id', 'status']).where('application_id', '=', guid).execute(),
    submissions: await app.db
      .selectFrom('application_submissions')
      .selectAll()
      .where('application_id', '=', guid)
      .execute(),
  });

  /** Nothing of the application was submitted or decided, and its payment is void. */
  async function expectNothingSubmitted(guid: string) {
    await decideAll(app);
    const now = await rows(guid);
    expect(now.application?.status).toBe('IN_PROGRESS');
    expect(now.applicants.every((a) => a.status === 'NOT_SUBMITTED')).toBe(true);
    expect(now.submissions).toEqual([]);
    expect(now.payments.map((p) => p.status)).toEqual(['VOIDED']);
    const decisions = await app.db
      .selectFrom('applicant_decisions')
      .select('applicant_id')
      .where('application_id', '=', guid)
      .execute();
    expect(decisions).toEqual([]);
  }

  it('never submits children added while the card page is open: the payment is voided and the page ends', async () => {
    const caller = await signIn(app);
    const { guid, redirectUrl } = await paymentStartedForOne(caller);
    const children = [];
    for (const givenNames of ['Lucas', 'Maya', 'Noor'])
      children.push(
        await addApplicant(app, caller, guid, { isAccountHolder: false, relationship: 'CHILD', givenNames }),
      );

    // The card page still open in the other tab is paid: the provider's attempt was cancelled, nothing is taken.
    const paid = await payWithCard(app, redirectUrl, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain('This payment has ended');
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'VOIDED' });
    await expectNothingSubmitted(guid);

    // The portal says why, and the family pays again once every applicant has finished, for all four.
    const voided = (await overview(app, caller, guid)).json();
    expect(voided).toMatchObject({ status: 'VOIDED', canPay: false, total: 4 * DEFAULT_FEES.ETA });
    for (const child of children) await completeEveryStep(app, caller, guid, child);
    const again = await startPayment(app, caller, guid);
    expect(again.statusCode).toBe(201);
    await payWithCard(app, again.json().redirectUrl, '4242 4242 4242 4242');
    expect((await confirm(app, caller, guid)).json().status).toBe('PAID');
    const submitted = (await submission(app, caller, guid)).json();
    expect(submitted.amountPaid).toBe(4 * DEFAULT_FEES.ETA);
    expect(submitted.applicants).toHaveLength(4);
  }, 90_000);

  it('voids the payment when a passport is changed after Pay', async () => {
    const caller = await signIn(app);
    const { guid, first, redirectUrl } = await paymentStartedForOne(caller);
    const form = await applicationFormFor(app, caller, guid, first);
    const changed = await call(app, caller, 'PUT', `/api/eta/applications/${guid}/applicants/${first}`, {
      isAccountHolder: true,
      givenNames: form.givenNames,
      familyName: form.familyName,
      dateOfBirth: form.dateOfBirth,
      nationality: form.nationality,
      passportIssuingCountry: form.passportIssuingCountry,
      passportNumber: 'ZX9988776',
    });
    expect(changed.statusCode).toBe(200);
    expect((await payWithCard(app, redirectUrl, '4242424242424242')).statusCode).toBe(409);
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'VOIDED' });
    await expectNothingSubmitted(guid);
    // The new passport needs its photo again before anyone can pay.
    expect((await overview(app, caller, guid)).json()).toMatchObject({ status: 'VOIDED', canPay: false });
  }, 90_000);

  it('voids the payment when answers are changed after Pay, and not when the same answers are sent again', async () => {
    const caller = await signIn(app);
    const { guid, first, redirectUrl } = await paymentStartedForOne(caller);
    const { page, same, changed } = pageWithAnotherAnswer(await applicationFormFor(app, caller, guid, first));
    const save = (answers: Record<string, unknown>) =>
      call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, { applicantIdentifier: first, page, answers });
    // The same answers again (a save sent twice) change nothing: the payment stays live.
    expect((await save(same)).statusCode).toBe(200);
    expect((await rows(guid)).payments.map((p) => p.status)).toEqual(['PENDING']);
    expect((await save(changed)).statusCode).toBe(200);
    expect((await payWithCard(app, redirectUrl, '4242424242424242')).statusCode).toBe(409);
    await expectNothingSubmitted(guid);
  }, 90_000);

  it('refunds money the provider took for an attempt voided meanwhile, and never submits it', async () => {
    const caller = await signIn(app);
    const { guid } = await paymentStartedForOne(caller);
    const paymentId = (await rows(guid)).payments[0].id;
    await addApplicant(app, caller, guid, { isAccountHolder: false, relationship: 'CHILD', givenNames: 'Lucas' });
    // The provider took the money before it heard of the cancellation (as a card network may, in a race).
    await app.db
      .updateTable('sandbox_payments')
      .set({ status: 'SUCCEEDED' })
      .where('idempotency_key', '=', paymentId)
      .execute();
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'VOIDED', refund: 'REFUNDED' });
    const provider = await app.db
      .selectFrom('sandbox_payments')
      .select('status')
      .where('idempotency_key', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(provider.status).toBe('REFUNDED');
    const now = await rows(guid);
    expect(now.payments.map((p) => p.status)).toEqual(['REFUNDED']);
    expect(now.submissions).toEqual([]);
    expect(now.application?.status).toBe('IN_PROGRESS');
    expect((await overview(app, caller, guid)).json()).toMatchObject({ status: 'VOIDED', refund: 'REFUNDED' });
  }, 90_000);

  it.runIf(askingAnotherDocument)(
    'sends an applicant back to the documents when changed answers ask for another document, before anyone pays',
    async () => {
      const caller = await signIn(app);
      const guid = await createApplication(app, caller);
      const first = await addApplicant(app, caller, guid);
      await completeEveryStep(app, caller, guid, first);
      expect((await overview(app, caller, guid)).json().canPay).toBe(true);
      const form = await applicationFormFor(app, caller, guid, first, {}, askingAnotherDocument);
      const saved = await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
        applicantIdentifier: first,
        answers: form,
      });
      expect(saved.json()).toMatchObject({ complete: true, step: documentsStep() });
      expect((await overview(app, caller, guid)).json()).toMatchObject({ canPay: false });
      expect((await startPayment(app, caller, guid)).json().code).toBe('PAYMENT_NOT_OPEN');
    },
    90_000,
  );

  it('does not take payment while a completed form was left incomplete by a draft', async () => {
    const caller = await signIn(app);
    const guid = await createApplication(app, caller);
    const first = await addApplicant(app, caller, guid);
    await completeEveryStep(app, caller, guid, first);
    const { page, answers } = pageWithoutARequiredAnswer(await applicationFormFor(app, caller, guid, first));
    const draft = await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: first,
      page,
      draft: true,
      answers,
    });
    // A draft keeps the step where it was, but the form it left is not complete.
    expect(draft.json()).toMatchObject({ complete: false, step: paymentStep() });
    expect((await overview(app, caller, guid)).json()).toMatchObject({ canPay: false });
    expect((await startPayment(app, caller, guid)).json().code).toBe('PAYMENT_NOT_OPEN');
  }, 90_000);
});
