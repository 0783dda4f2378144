import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApplicant, advanceTo, call, signIn, type Caller } from '../applications/testing/client';
import { buildTestApp, databases } from '../testing/harness';
import { DEFAULT_FEES } from './config';
import { parseSubmissionReference } from './reference';
import {
  confirm,
  overview,
  pathOf,
  payWithCard,
  postForm,
  readyApplication,
  startPayment,
  submission,
} from './testing/client';

describe.each(databases())('payment and submission on %s', (kind) => {
  let app: FastifyInstance;
  let caller: Caller;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
    caller = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const statuses = async (guid: string) => ({
    application: (
      await app.db.selectFrom('applications').select('status').where('id', '=', guid).executeTakeFirstOrThrow()
    ).status,
    applicants: (
      await app.db.selectFrom('applicants').select('status').where('application_id', '=', guid).execute()
    ).map((a) => a.status),
  });

  it('serves the fees with the client settings', async () => {
    const response = await app.inject({ url: '/api/eta/static/client-settings' });
    expect(response.json()).toMatchObject({
      fees: DEFAULT_FEES,
      currency: 'ZAR',
      maxApplicantsPerApplication: expect.any(Number),
    });
  });

  it('shows the fee of every applicant and opens payment only when all have reached it', async () => {
    const { guid, applicants } = await readyApplication(app, caller, 1, 'ETA_SECTION_11_1');
    const late = await addApplicant(app, caller, guid, { isAccountHolder: false, relationship: 'CHILD' });
    await advanceTo(app, late, 'SUPPORTING_DOCUMENTS');
    const blocked = (await overview(app, caller, guid)).json();
    expect(blocked).toMatchObject({
      applicationIdentifier: guid,
      applicationType: 'ETA_SECTION_11_1',
      currency: 'ZAR',
      total: 2 * DEFAULT_FEES.ETA_SECTION_11_1,
      canPay: false,
      status: 'NOT_STARTED',
    });
    expect(blocked.applicants.map((a: { ready: boolean }) => a.ready)).toEqual([true, false]);
    expect(blocked.applicants[0]).toMatchObject({
      applicantIdentifier: applicants[0],
      fee: DEFAULT_FEES.ETA_SECTION_11_1,
    });
    const refused = await startPayment(app, caller, guid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYMENT_NOT_OPEN');
    expect(await app.db.selectFrom('payments').select('id').where('application_id', '=', guid).execute()).toEqual([]);

    await advanceTo(app, late, 'AWAITING_PAYMENT');
    expect((await overview(app, caller, guid)).json().canPay).toBe(true);
    expect((await startPayment(app, caller, guid)).statusCode).toBe(201);
  });

  it('pays with 4242 4242 4242 4242 and submits the application once, with a reference', async () => {
    const { guid, applicants } = await readyApplication(app, caller, 2);
    const started = await startPayment(app, caller, guid);
    expect(started.statusCode).toBe(201);
    const { paymentIdentifier, redirectUrl } = started.json();
    expect(paymentIdentifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(pathOf(redirectUrl)).toMatch(/^\/payments\/sandbox\/[0-9a-f-]{36}$/);
    expect((await overview(app, caller, guid)).json().status).toBe('PENDING');

    const back = await payWithCard(app, redirectUrl, '4242 4242 4242 4242');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `${app.config.publicSettings.FRONT_END_URL}/applications/payment-complete?applicationIdentifier=${guid}`,
    );
    // The signed notification already submitted it; confirm answers the same.
    const confirmed = await confirm(app, caller, guid);
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json();
    expect(body).toMatchObject({ status: 'PAID', submittedAt: expect.any(String) });
    expect(parseSubmissionReference(body.reference)).toBe(body.reference);
    expect(await statuses(guid)).toEqual({ application: 'SUBMITTED', applicants: ['SUBMITTED', 'SUBMITTED'] });
    expect((await confirm(app, caller, guid)).json()).toEqual(body);

    const summary = await submission(app, caller, guid);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      reference: body.reference,
      submittedAt: body.submittedAt,
      applicationType: 'ETA',
      amountPaid: 2 * DEFAULT_FEES.ETA,
      currency: 'ZAR',
      applicants: applicants.map((applicantIdentifier) => ({ applicantIdentifier })),
    });
    expect((await overview(app, caller, guid)).json()).toMatchObject({
      status: 'PAID',
      canPay: false,
      reference: body.reference,
    });
    const again = await startPayment(app, caller, guid);
    expect(again.statusCode).toBe(409);
  });

  it('sends a second press of Pay where the first went, and pays once', async () => {
    const { guid } = await readyApplication(app, caller);
    const { redirectUrl } = (await startPayment(app, caller, guid)).json();
    const first = await payWithCard(app, redirectUrl, '4242424242424242');
    expect(first.statusCode).toBe(303);
    const again = await postForm(app, pathOf(redirectUrl), { cardNumber: '4242424242424242', action: 'pay' });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(first.headers.location);
    expect((await confirm(app, caller, guid)).json().status).toBe('PAID');
    const rows = await app.db.selectFrom('payments').select('status').where('application_id', '=', guid).execute();
    expect(rows.map((p) => p.status)).toEqual(['PAID']);
  });

  it('answers 404 SUBMISSION_NOT_FOUND before submission', async () => {
    const { guid } = await readyApplication(app, caller);
    const response = await submission(app, caller, guid);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('SUBMISSION_NOT_FOUND');
  });

  it.each([
    ['4000 0000 0000 0002', 'DECLINED', 'DECLINED'],
    ['4000000000009995', 'DECLINED', 'INSUFFICIENT_FUNDS'],
  ])('leaves the application payable after %s, and a new attempt pays', async (card, status, failure) => {
    const { guid } = await readyApplication(app, caller);
    const first = (await startPayment(app, caller, guid)).json();
    const back = await payWithCard(app, first.redirectUrl, card);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain('/applications/payment-complete?applicationIdentifier=');
    expect((await confirm(app, caller, guid)).json()).toEqual({ status, lastFailure: failure });
    expect(await statuses(guid)).toEqual({ application: 'IN_PROGRESS', applicants: ['NOT_SUBMITTED'] });
    expect((await overview(app, caller, guid)).json()).toMatchObject({ canPay: true, status, lastFailure: failure });

    const retry = await startPayment(app, caller, guid);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().paymentIdentifier).not.toBe(first.paymentIdentifier);
    await payWithCard(app, retry.json().redirectUrl, '4242424242424242');
    expect((await confirm(app, caller, guid)).json().status).toBe('PAID');
  });

  it('asks for an extra confirmation with 4000 0000 0000 3220, and pays once it is given', async () => {
    const { guid } = await readyApplication(app, caller);
    const { redirectUrl } = (await startPayment(app, caller, guid)).json();
    const path = pathOf(redirectUrl);
    const asked = await postForm(app, path, { cardNumber: '4000 0000 0000 3220', action: 'pay' });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(path);
    const page = await app.inject({ url: path });
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'PENDING' });
    const done = await postForm(app, path, { action: 'authenticate' });
    expect(done.statusCode).toBe(303);
    expect((await confirm(app, caller, guid)).json().status).toBe('PAID');
  });

  it('declines when the extra confirmation fails', async () => {
    const { guid } = await readyApplication(app, caller);
    const { redirectUrl } = (await startPayment(app, caller, guid)).json();
    await payWithCard(app, redirectUrl, '4000000000003220', 'fail-authentication');
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'DECLINED', lastFailure: 'DECLINED' });
  });

  it('returns to the payment overview on Cancel, leaving the application payable', async () => {
    const { guid } = await readyApplication(app, caller);
    const { redirectUrl } = (await startPayment(app, caller, guid)).json();
    const cancelled = await postForm(app, pathOf(redirectUrl), { action: 'cancel' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(
      `${app.config.publicSettings.FRONT_END_URL}/applications/payment-overview?applicationIdentifier=${guid}`,
    );
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'CANCELLED', lastFailure: 'CANCELLED' });
    const retry = await startPayment(app, caller, guid);
    await payWithCard(app, retry.json().redirectUrl, '4242424242424242');
    expect((await confirm(app, caller, guid)).json().status).toBe('PAID');
  });

  it('refuses an unknown card number on the page without ending the payment', async () => {
    const { guid } = await readyApplication(app, caller);
    const { redirectUrl } = (await startPayment(app, caller, guid)).json();
    const path = pathOf(redirectUrl);
    const refused = await postForm(app, path, { cardNumber: '5555 5555 5555 4444', action: 'pay' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('not recognised by the sandbox');
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toContain('aria-invalid="true"');
    const empty = await postForm(app, path, { cardNumber: '', action: 'pay' });
    expect(empty.body).toContain('Enter a card number');
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'PENDING' });
    expect((await payWithCard(app, redirectUrl, '4242424242424242')).statusCode).toBe(303);
  });

  it('answers the same payment to the same key and body, and refuses the key with another body', async () => {
    const { guid } = await readyApplication(app, caller);
    const key = randomUUID();
    const [a, b] = await Promise.all([startPayment(app, caller, guid, key), startPayment(app, caller, guid, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()).toEqual(b.json());
    const again = await startPayment(app, caller, guid, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(a.json());
    const other = await startPayment(app, caller, guid, key, { returnLanguage: 'fr' });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await app.db.selectFrom('payments').select('id').where('application_id', '=', guid).execute()).toHaveLength(
      1,
    );
    expect(
      await app.db
        .selectFrom('sandbox_payments')
        .select('id')
        .where('idempotency_key', '=', a.json().paymentIdentifier)
        .execute(),
    ).toHaveLength(1);
  });

  it('asks for an Idempotency-Key holding a UUID', async () => {
    const { guid } = await readyApplication(app, caller);
    for (const key of [null, 'not-a-uuid']) {
      const response = await startPayment(app, caller, guid, key);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
  });

  it('replaces a live attempt by a new one: the old page can no longer pay', async () => {
    const { guid } = await readyApplication(app, caller);
    const first = (await startPayment(app, caller, guid)).json();
    const second = await startPayment(app, caller, guid);
    expect(second.statusCode).toBe(201);
    const stale = await postForm(app, pathOf(first.redirectUrl), { cardNumber: '4242424242424242', action: 'pay' });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('This payment has ended');
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'PENDING' });
    await payWithCard(app, second.json().redirectUrl, '4242424242424242');
    expect((await confirm(app, caller, guid)).json().status).toBe('PAID');
    const paid = await app.db.selectFrom('payments').select('status').where('application_id', '=', guid).execute();
    expect(paid.map((p) => p.status).sort()).toEqual(['PAID', 'SUPERSEDED']);
  });

  it('settles an attempt paid while its notification was lost when a new attempt is asked for', async () => {
    const { guid } = await readyApplication(app, caller);
    const first = (await startPayment(app, caller, guid)).json();
    // The provider recorded the payment but the API never heard of it.
    await app.db
      .updateTable('sandbox_payments')
      .set({ status: 'SUCCEEDED' })
      .where('idempotency_key', '=', first.paymentIdentifier)
      .execute();
    const second = await startPayment(app, caller, guid);
    expect(second.statusCode).toBe(409);
    expect((await statuses(guid)).application).toBe('SUBMITTED');
    expect((await app.db.selectFrom('payments').select('id').where('application_id', '=', guid).execute()).length).toBe(
      1,
    );
  });

  it('keeps every call to the caller: another account answers 404 and changes nothing; signed out answers 401', async () => {
    const { guid } = await readyApplication(app, caller);
    const stranger = await signIn(app);
    const started = await startPayment(app, caller, guid);
    for (const response of [
      await overview(app, stranger, guid),
      await startPayment(app, stranger, guid),
      await confirm(app, stranger, guid),
      await submission(app, stranger, guid),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('APPLICATION_NOT_FOUND');
    }
    for (const response of [
      await overview(app, undefined, guid),
      await startPayment(app, undefined, guid),
      await confirm(app, undefined, guid),
      await submission(app, undefined, guid),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect((await app.db.selectFrom('payments').select('id').where('application_id', '=', guid).execute()).length).toBe(
      1,
    );
    expect((await overview(app, caller, guid)).json().status).toBe('PENDING');
    expect(started.statusCode).toBe(201);
    expect((await call(app, stranger, 'GET', `/api/eta/applications/not-a-uuid/payment`)).statusCode).toBe(404);
  });
});
