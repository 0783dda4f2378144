import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { insertTestProfile, saveTestProfileLanguage } from '../../accounts/testing/profiles';
import { startSession } from '../../accounts/tokens';
import { TEST_SCHEMAS_DIR } from '../../testing/schemas-dir';
import { completeStep, stepNames, type Step } from '../../lifecycle/public';
import { readRouteManifest } from '../../lib/route-manifest';
import { namedStep, stepsOf, type JourneyStep, type NamedFormStep } from '../../../shared/forms/journey';

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

/**
 * The journey of the configuration the tests run on (the `steps` of its route manifest), in order. Read from the file,
 * so that asking does not change which journey the server's code has loaded.
 */
export function testJourney(): JourneyStep[] {
  return stepsOf(readRouteManifest(TEST_SCHEMAS_DIR));
}

/** The form of a step the portal's code names (the application form's, the declarations'), as the manifest says. */
export function formOfNamedStep(step: NamedFormStep): string {
  return namedStep(testJourney(), step).form;
}

/** Every valid example of a form (schemas/<form>.examples.json of the configuration), each a fresh copy. */
export function validExamples(formId: string): Record<string, unknown>[] {
  return structuredClone(examples(formId).valid);
}

/** A form's first valid example, with `overrides`: complete, valid answers of any form. */
export function validAnswers(formId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const [first] = validExamples(formId);
  if (!first) throw new Error(`schemas/${formId}.examples.json has no valid example`);
  return { ...first, ...overrides };
}

/** A complete, valid application form (the first valid example of the application form step's form). */
export function validApplicationForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return validAnswers(formOfNamedStep('APPLICATION_FORM'), overrides);
}

/** Complete, valid declarations (the first valid example of the declarations step's form). */
export function validDeclarations(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return validAnswers(formOfNamedStep('DECLARATION'), overrides);
}

/** The facts an applicant gives when added, which the application form asks again and must keep. */
export const APPLICANT_FACTS = [
  'givenNames',
  'familyName',
  'dateOfBirth',
  'nationality',
  'passportIssuingCountry',
  'passportNumber',
] as const;

/** The applicant's facts as the API answers them (the applicants list of the application). */
export async function applicantFacts(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
): Promise<Record<string, unknown>> {
  const response = await call(app, caller, 'GET', `/api/eta/applications/${applicationId}/applicants`);
  if (response.statusCode !== 200) throw new Error(`list applicants answered ${response.statusCode}: ${response.body}`);
  const applicant = (response.json() as Record<string, unknown>[]).find((a) => a.applicantIdentifier === applicantId);
  if (!applicant) throw new Error(`no applicant ${applicantId} in application ${applicationId}`);
  return Object.fromEntries(APPLICANT_FACTS.map((fact) => [fact, applicant[fact]]));
}

/**
 * Complete answers of a form step for one applicant: the step's form's first valid example (or `example`), with the
 * applicant's own facts on the application form (whose answers must keep them), then `overrides`.
 */
export async function stepAnswersFor(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
  formId: string,
  overrides: Record<string, unknown> = {},
  example: Record<string, unknown> = validAnswers(formId),
): Promise<Record<string, unknown>> {
  const facts =
    formId === formOfNamedStep('APPLICATION_FORM') ? await applicantFacts(app, caller, applicationId, applicantId) : {};
  return { ...example, ...facts, ...overrides };
}

/**
 * Completes one form step of an applicant through the API, as the applicant does: saves the answers (by default
 * `stepAnswersFor` the step's form: its first valid example) with `PUT .../answers/<form>`, and fails unless the step
 * is then complete. Every form step of the manifest is completed alike, a step an editor adds included.
 */
export async function completeFormStep(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
  step: Pick<JourneyStep, 'step' | 'form'>,
  answers?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  if (!step.form) throw new Error(`step ${step.step} is not a form step`);
  const body = answers ?? (await stepAnswersFor(app, caller, applicationId, applicantId, step.form));
  const response = await call(app, caller, 'PUT', `/api/eta/applications/${applicationId}/answers/${step.form}`, {
    applicantIdentifier: applicantId,
    answers: body,
  });
  if (response.statusCode !== 200 || response.json().complete !== true)
    throw new Error(`saving ${step.form} answered ${response.statusCode}: ${response.body}`);
  return response;
}

/** The step that follows `step` in the journey of the configuration (the manifest's list, which an editor may change). */
export function stepAfter(step: Step): Step {
  const journey = testJourney();
  const at = journey.findIndex((s) => s.step === step);
  if (at < 0 || at === journey.length - 1) throw new Error(`the journey has no step after ${step}`);
  return journey[at + 1].step;
}

/**
 * Completes the steps of the journey between `after` (the start of the journey when undefined) and `before`, both
 * left out: each form step through the API (completeFormStep: its form's first valid example), any other through
 * completeStep, as advanceTo does. A step an editor adds there is completed like the others.
 */
export async function completeStepsBetween(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
  after: Step | undefined,
  before: Step,
): Promise<void> {
  const journey = testJourney();
  const index = (name: Step) => {
    const at = journey.findIndex((s) => s.step === name);
    if (at < 0) throw new Error(`the journey has no step ${name}`);
    return at;
  };
  for (const step of journey.slice(after === undefined ? 0 : index(after) + 1, index(before))) {
    if (step.form) await completeFormStep(app, caller, applicationId, applicantId, step);
    else await completeStep(app.db, applicantId, step.step);
  }
}

/** The answers of `answers` that belong to the given fields. */
export function pick(answers: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([k]) => fields.includes(k)));
}
