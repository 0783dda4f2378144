import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { insertTestProfile, saveTestProfileLanguage } from '../../accounts/testing/profiles';
import { startSession } from '../../accounts/tokens';
import { TEST_SCHEMAS_DIR } from '../../testing/schemas-dir';
import { completeStep, stepNames, type Step } from '../../lifecycle/public';

/** Helpers for the application flow's API tests: real calls through app.inject with a signed-in profile. */

export interface Caller {
  profileId: string;
  token: string;
}

/** A verified profile with a live session, made directly in the database (sign-in itself is tested by accounts). */
export async function signIn(app: FastifyInstance, email?: string): Promise<Caller> {
  const profileId = await insertTestProfile(app.db, email ? { email } : {});
  const session = await startSession(app.db, app.config, profileId, new Date());
  return { profileId, token: session.accessToken };
}

/**
 * Makes a call in a language as the portal does. The API answers a signed-in user in the profile's saved language
 * (the header's switcher saves the choice), so for a signed-in `caller` the language is saved in the profile for
 * the call and the previous one put back afterwards; `send` carries it as Accept-Language too.
 */
export async function inLanguage<T>(
  app: FastifyInstance,
  caller: Caller | undefined,
  lang: string | undefined,
  send: () => Promise<T>,
): Promise<T> {
  if (!caller || !lang) return send();
  const { language } = await app.db
    .selectFrom('profiles')
    .select('language')
    .where('id', '=', caller.profileId)
    .executeTakeFirstOrThrow();
  await saveTestProfileLanguage(app.db, caller.profileId, lang);
  try {
    return await send();
  } finally {
    await saveTestProfileLanguage(app.db, caller.profileId, language);
  }
}

/** One call with the caller's bearer token (none when `caller` is undefined), in `lang` when given. */
export function call(
  app: FastifyInstance,
  caller: Caller | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  lang?: string,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (caller) headers.authorization = `Bearer ${caller.token}`;
  if (lang) headers['accept-language'] = lang;
  return inLanguage(app, caller, lang, () =>
    app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    }),
  );
}

/** Applicant answers (schemas/applicant.schema.json) with a fresh passport number unless given. */
export function applicantBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    isAccountHolder: true,
    givenNames: 'Amélie',
    familyName: 'Dubois',
    dateOfBirth: '1986-04-12',
    nationality: 'FR',
    passportIssuingCountry: 'FR',
    passportNumber: `P${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    ...overrides,
  };
}

/** Creates an application and answers its identifier. */
export async function createApplication(
  app: FastifyInstance,
  caller: Caller,
  body: Record<string, unknown> = { applicationType: 'ETA', applyingFor: 'SELF_AND_OTHERS' },
): Promise<string> {
  const response = await call(app, caller, 'POST', '/api/eta/applications', body);
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  return response.json().applicationIdentifier;
}

/** Adds an applicant and answers its identifier. */
export async function addApplicant(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await call(
    app,
    caller,
    'POST',
    `/api/eta/applications/${applicationId}/applicants`,
    applicantBody(overrides),
  );
  if (response.statusCode !== 201) throw new Error(`add applicant answered ${response.statusCode}: ${response.body}`);
  return response.json().applicantIdentifier;
}

/** Completes the steps up to (not including) `step` the way their owners will: capture through completeStep. */
export async function advanceTo(app: FastifyInstance, applicantId: string, step: Step): Promise<void> {
  const order: Step[] = stepNames();
  for (const done of order.slice(0, order.indexOf(step))) await completeStep(app.db, applicantId, done);
}

type Examples = { valid: Record<string, unknown>[] };
/** A form's examples, from the configuration the tests run on. */
const examples = (id: string): Examples =>
  JSON.parse(readFileSync(join(TEST_SCHEMAS_DIR, `${id}.examples.json`), 'utf8'));

/** A complete, valid application form (the first valid example of schemas/application-form.examples.json). */
export function validApplicationForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...structuredClone(examples('application-form').valid[0]), ...overrides };
}

/** Complete, valid declarations (all "no", declaration ticked). */
export function validDeclarations(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...structuredClone(examples('declarations').valid[0]), ...overrides };
}

/** The answers of `answers` that belong to the given fields. */
export function pick(answers: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([k]) => fields.includes(k)));
}
