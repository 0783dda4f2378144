import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApplicant, call, createApplication, pick, signIn, type Caller } from '../applications/testing/client';
import { decideAll } from '../decisions/testing/client';
import { DEFAULT_FEES } from '../payments/config';
import { confirm, overview, payWithCard, startPayment, submission } from '../payments/testing/client';
import { buildTestApp, databases } from '../testing/harness';
import { applicationFormFor, completeEveryStep } from './testing/journey';

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
    const form = await applicationFormFor(app, caller, guid, first);
    const save = (answers: Record<string, unknown>) =>
      call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
        applicantIdentifier: first,
        page: 'work-details',
        answers: { ...pick(form, ['jobTitle', 'employerName', 'employerAddress']), ...answers },
      });
    // The same answers again (a save sent twice) change nothing: the payment stays live.
    expect((await save({})).statusCode).toBe(200);
    expect((await rows(guid)).payments.map((p) => p.status)).toEqual(['PENDING']);
    expect((await save({ jobTitle: 'Head teacher' })).statusCode).toBe(200);
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

  it('sends an applicant back to the documents when changed answers ask for another document, before anyone pays', async () => {
    const caller = await signIn(app);
    const guid = await createApplication(app, caller);
    const first = await addApplicant(app, caller, guid);
    await completeEveryStep(app, caller, guid, first);
    expect((await overview(app, caller, guid)).json().canPay).toBe(true);
    const form = await applicationFormFor(app, caller, guid, first, {
      purposeOfVisit: 'MEDICAL_TREATMENT',
      facilityName: 'Groote Schuur Hospital',
      facilityCity: 'Cape Town',
      treatingDoctor: 'Dr N. Mokoena',
    });
    const saved = await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: first,
      answers: form,
    });
    expect(saved.json()).toMatchObject({ complete: true, step: 'SUPPORTING_DOCUMENTS' });
    expect((await overview(app, caller, guid)).json()).toMatchObject({ canPay: false });
    expect((await startPayment(app, caller, guid)).json().code).toBe('PAYMENT_NOT_OPEN');
  }, 90_000);

  it('does not take payment while a completed form was left incomplete by a draft', async () => {
    const caller = await signIn(app);
    const guid = await createApplication(app, caller);
    const first = await addApplicant(app, caller, guid);
    await completeEveryStep(app, caller, guid, first);
    const form = await applicationFormFor(app, caller, guid, first);
    const draft = await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: first,
      page: 'contact',
      draft: true,
      answers: pick(form, ['email', 'mobile', 'city', 'postcode', 'country']),
    });
    // A draft keeps the step where it was, but the form it left is not complete.
    expect(draft.json()).toMatchObject({ complete: false, step: 'AWAITING_PAYMENT' });
    expect((await overview(app, caller, guid)).json()).toMatchObject({ canPay: false });
    expect((await startPayment(app, caller, guid)).json().code).toBe('PAYMENT_NOT_OPEN');
  }, 90_000);
});
