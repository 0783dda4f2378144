import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addApplicant, advanceTo, call, createApplication, type Caller } from '../../applications/testing/client';

/** Helpers for the payment tests: real calls through app.inject, and the sandbox's hosted page as a browser uses it. */

const CHILDREN = ['Lucas', 'Maya', 'Noor', 'Tomás'];

/** An application whose `count` applicants have all reached the payment step. */
export async function readyApplication(
  app: FastifyInstance,
  caller: Caller,
  count = 1,
  applicationType: 'ETA' | 'ETA_SECTION_11_1' = 'ETA',
): Promise<{ guid: string; applicants: string[] }> {
  const guid = await createApplication(app, caller, { applicationType, applyingFor: 'SELF_AND_OTHERS' });
  const applicants: string[] = [];
  for (let i = 0; i < count; i++) {
    const applicant = await addApplicant(
      app,
      caller,
      guid,
      i === 0 ? {} : { isAccountHolder: false, relationship: 'CHILD', givenNames: CHILDREN[(i - 1) % CHILDREN.length] },
    );
    await advanceTo(app, applicant, 'AWAITING_PAYMENT');
    applicants.push(applicant);
  }
  return { guid, applicants };
}

/** POST payment with an Idempotency-Key (a fresh one unless given). */
export function startPayment(
  app: FastifyInstance,
  caller: Caller | undefined,
  guid: string,
  key: string | null = randomUUID(),
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/eta/applications/${guid}/payment`,
    headers: {
      ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });
}

export const confirm = (app: FastifyInstance, caller: Caller | undefined, guid: string) =>
  call(app, caller, 'POST', `/api/eta/applications/${guid}/payment/confirm`, {});

export const overview = (app: FastifyInstance, caller: Caller | undefined, guid: string) =>
  call(app, caller, 'GET', `/api/eta/applications/${guid}/payment`);

export const submission = (app: FastifyInstance, caller: Caller | undefined, guid: string) =>
  call(app, caller, 'GET', `/api/eta/applications/${guid}/submission`);

/** The path of a hosted page address. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Posts the sandbox page's form as a browser does. */
export function postForm(
  app: FastifyInstance,
  path: string,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Pays on the sandbox page with a card (answering the extra confirmation with `authenticate`); the last answer. */
export async function payWithCard(
  app: FastifyInstance,
  redirectUrl: string,
  cardNumber: string,
  authenticate: 'authenticate' | 'fail-authentication' = 'authenticate',
): Promise<LightMyRequestResponse> {
  const path = pathOf(redirectUrl);
  const page = await app.inject({ method: 'GET', url: path });
  if (page.statusCode !== 200) throw new Error(`sandbox page answered ${page.statusCode}`);
  const paid = await postForm(app, path, { cardNumber, action: 'pay' });
  if (paid.statusCode === 303 && paid.headers.location === path) return postForm(app, path, { action: authenticate });
  return paid;
}

/** A paid, submitted application (one applicant unless `count`). */
export async function submittedApplication(app: FastifyInstance, caller: Caller, count = 1) {
  const ready = await readyApplication(app, caller, count);
  const started = await startPayment(app, caller, ready.guid);
  await payWithCard(app, started.json().redirectUrl, '4242 4242 4242 4242');
  const confirmed = await confirm(app, caller, ready.guid);
  return { ...ready, confirmation: confirmed.json() };
}
