import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, type Caller } from '../applications/testing/client';
import { buildTestApp, databases } from '../testing/harness';
import { signPayload } from './signature';
import { confirm, readyApplication, startPayment } from './testing/client';

const SECRET = 'test-webhook-secret-of-enough-length';
const WEBHOOK = '/api/eta/payments/webhook/sandbox';

describe.each(databases())('the sandbox webhook on %s', (kind) => {
  let app: FastifyInstance;
  let caller: Caller;
  beforeAll(async () => {
    vi.stubEnv('PAYMENT_WEBHOOK_SECRET', SECRET);
    app = await buildTestApp({ db: kind });
    caller = await signIn(app);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await app.close();
  });

  const event = (paymentId: string, id = `evt_${randomUUID()}`, type = 'payment.succeeded') =>
    JSON.stringify({ id, type, created: Math.floor(Date.now() / 1000), data: { paymentId } });
  const send = (body: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-payment-signature': signature } : {}) },
      payload: body,
    });
  /** A started payment that the provider has recorded as paid, without the API being told. */
  const paidAtProvider = async () => {
    const { guid } = await readyApplication(app, caller);
    const { paymentIdentifier } = (await startPayment(app, caller, guid)).json();
    await app.db
      .updateTable('sandbox_payments')
      .set({ status: 'SUCCEEDED' })
      .where('idempotency_key', '=', paymentIdentifier)
      .execute();
    return { guid, paymentIdentifier };
  };
  const applicationStatus = async (guid: string) =>
    (await app.db.selectFrom('applications').select('status').where('id', '=', guid).executeTakeFirstOrThrow()).status;

  it('refuses a missing, wrong or stale signature and changes nothing', async () => {
    const { guid, paymentIdentifier } = await paidAtProvider();
    const body = event(paymentIdentifier);
    const now = new Date();
    for (const signature of [
      undefined,
      'garbage',
      signPayload('another-secret-entirely-wrong', body, now),
      signPayload(SECRET, `${body} `, now),
      signPayload(SECRET, body, new Date(now.getTime() - 6 * 60 * 1000)),
      signPayload(SECRET, body, new Date(now.getTime() + 6 * 60 * 1000)),
      `t=${Math.floor(now.getTime() / 1000)},v1=${'0'.repeat(64)}`,
    ]) {
      const response = await send(body, signature);
      expect(response.statusCode, String(signature)).toBe(400);
      expect(response.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await applicationStatus(guid)).toBe('IN_PROGRESS');
    const notJson = 'not json';
    expect((await send(notJson, signPayload(SECRET, notJson, now))).statusCode).toBe(400);
  });

  it('submits on a signed payment.succeeded, within the tolerance, and a repeated event changes nothing', async () => {
    const { guid, paymentIdentifier } = await paidAtProvider();
    const body = event(paymentIdentifier, 'evt_once');
    const signature = signPayload(SECRET, body, new Date(Date.now() - 4 * 60 * 1000));
    const first = await send(body, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await applicationStatus(guid)).toBe('SUBMITTED');
    const reference = (await confirm(app, caller, guid)).json().reference;

    const again = await send(body, signature);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const another = event(paymentIdentifier);
    expect((await send(another, signPayload(SECRET, another))).json()).toEqual({ received: true });
    const submissions = await app.db
      .selectFrom('application_submissions')
      .select('reference')
      .where('application_id', '=', guid)
      .execute();
    expect(submissions).toEqual([{ reference }]);
  });

  it('believes only the provider: a signed success the provider does not confirm submits nothing', async () => {
    const { guid } = await readyApplication(app, caller);
    const { paymentIdentifier } = (await startPayment(app, caller, guid)).json();
    const body = event(paymentIdentifier);
    expect((await send(body, signPayload(SECRET, body))).statusCode).toBe(200);
    expect(await applicationStatus(guid)).toBe('IN_PROGRESS');
    const unknown = event(randomUUID());
    expect((await send(unknown, signPayload(SECRET, unknown))).json()).toEqual({ received: true });
  });

  it('loses nothing when the notification never arrives: confirm asks the provider', async () => {
    const { guid } = await paidAtProvider();
    expect(await applicationStatus(guid)).toBe('IN_PROGRESS');
    expect((await confirm(app, caller, guid)).json().status).toBe('PAID');
    expect(await applicationStatus(guid)).toBe('SUBMITTED');
  });

  it('does not submit when the provider reports another amount than was asked', async () => {
    const { guid, paymentIdentifier } = await paidAtProvider();
    await app.db
      .updateTable('sandbox_payments')
      .set({ amount: 1 })
      .where('idempotency_key', '=', paymentIdentifier)
      .execute();
    expect((await confirm(app, caller, guid)).json()).toEqual({ status: 'DECLINED', lastFailure: 'DECLINED' });
    expect(await applicationStatus(guid)).toBe('IN_PROGRESS');
  });
});
