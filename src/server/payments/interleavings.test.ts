import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailbox } from '../accounts/testing/client';
import { signIn } from '../applications/testing/client';
import { buildTestApp, databases } from '../testing/harness';
import { signPayload } from './signature';
import { confirm, pathOf, postForm, readyApplication, startPayment } from './testing/client';

const SECRET = 'interleavings-webhook-secret-0123456789';

/** What a browser, a payer and the provider may do, in any order and at the same time. */
type Step =
  | { kind: 'start'; key: number; body: number }
  | { kind: 'pay'; page: number; card: string; then: 'authenticate' | 'fail-authentication' | 'cancel' }
  | { kind: 'confirm' }
  | { kind: 'webhook'; page: number; event: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('start' as const), key: fc.nat(2), body: fc.nat(1) }),
  fc.record({
    kind: fc.constant('pay' as const),
    page: fc.nat(5),
    card: fc.constantFrom('4242424242424242', '4000000000000002', '4000000000009995', '4000000000003220'),
    then: fc.constantFrom('authenticate' as const, 'fail-authentication' as const, 'cancel' as const),
  }),
  fc.record({ kind: fc.constant('confirm' as const) }),
  fc.record({ kind: fc.constant('webhook' as const), page: fc.nat(5), event: fc.nat(2) }),
);

describe.each(databases())('any interleaving of payments on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    vi.stubEnv('PAYMENT_WEBHOOK_SECRET', SECRET);
    app = await buildTestApp({ db: kind });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await app.close();
  });

  it('never charges twice, submits at most once under one reference, and e-mails once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        async (rounds) => {
          const caller = await signIn(app);
          const { guid } = await readyApplication(app, caller, 2);
          const keys = [randomUUID(), randomUUID(), randomUUID()];
          const pages: { paymentIdentifier: string; redirectUrl: string }[] = [];
          const events = [`evt_${randomUUID()}`, `evt_${randomUUID()}`, `evt_${randomUUID()}`];

          const run = async (action: Step) => {
            if (action.kind === 'start') {
              const response = await startPayment(
                app,
                caller,
                guid,
                keys[action.key],
                action.body ? { returnLanguage: 'fr' } : {},
              );
              expect([200, 201, 409, 422]).toContain(response.statusCode);
              if (response.statusCode < 300) pages.push(response.json());
            } else if (action.kind === 'pay' && pages.length > 0) {
              const path = pathOf(pages[action.page % pages.length].redirectUrl);
              const answer =
                action.then === 'cancel'
                  ? await postForm(app, path, { action: 'cancel' })
                  : await postForm(app, path, { cardNumber: action.card, action: 'pay' });
              if (answer.statusCode === 303 && answer.headers.location === path)
                await postForm(app, path, { action: action.then === 'cancel' ? 'cancel' : action.then });
            } else if (action.kind === 'confirm') {
              expect((await confirm(app, caller, guid)).statusCode).toBe(200);
            } else if (action.kind === 'webhook' && pages.length > 0) {
              const body = JSON.stringify({
                id: events[action.event],
                type: 'payment.succeeded',
                data: { paymentId: pages[action.page % pages.length].paymentIdentifier },
              });
              const response = await app.inject({
                method: 'POST',
                url: '/api/eta/payments/webhook/sandbox',
                headers: { 'content-type': 'application/json', 'x-payment-signature': signPayload(SECRET, body) },
                payload: body,
              });
              expect(response.statusCode).toBe(200);
            }
          };
          for (const round of rounds) await Promise.all(round.map(run));
          // Whatever happened, a last confirm settles what the provider knows.
          const last = (await confirm(app, caller, guid)).json();

          const payments = await app.db.selectFrom('payments').selectAll().where('application_id', '=', guid).execute();
          const charged = payments.length
            ? await app.db
                .selectFrom('sandbox_payments')
                .select('idempotency_key')
                .where('status', '=', 'SUCCEEDED')
                .where(
                  'idempotency_key',
                  'in',
                  payments.map((p) => p.id),
                )
                .execute()
            : [];
          const paid = payments.filter((p) => p.status === 'PAID');
          const live = payments.filter((p) => p.status === 'PENDING');
          const submissions = await app.db
            .selectFrom('application_submissions')
            .selectAll()
            .where('application_id', '=', guid)
            .execute();
          const application = await app.db
            .selectFrom('applications')
            .select('status')
            .where('id', '=', guid)
            .executeTakeFirstOrThrow();
          const { email } = await app.db
            .selectFrom('profiles')
            .select('email')
            .where('id', '=', caller.profileId)
            .executeTakeFirstOrThrow();

          expect(charged.length).toBeLessThanOrEqual(1);
          expect(paid.length).toBe(charged.length);
          expect(live.length).toBeLessThanOrEqual(1);
          expect(submissions.length).toBe(paid.length);
          expect(application.status).toBe(paid.length ? 'SUBMITTED' : 'IN_PROGRESS');
          if (submissions.length) {
            expect(submissions[0].payment_id).toBe(paid[0].id);
            expect(last).toMatchObject({ status: 'PAID', reference: submissions[0].reference });
          }
          expect(await mailbox(app, email)).toHaveLength(submissions.length);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
