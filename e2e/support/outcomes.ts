import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Tokens } from './accounts';
import { freshPassportNumber, passCaptureThroughApi } from './application-form';
import { DECLARATIONS, documentsCompletedThroughApi, FORM_ANSWERS } from './documents-payment';

/**
 * What the outcomes journey needs: a server of its own that decides within a second and offers Google Wallet,
 * applications brought to submitted (paid) through the API, and the decisions waited for.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

/** A Google Wallet service account of the journey's own: an RSA key made now, never a real credential. */
function googleServiceAccount(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    client_email: 'eta-wallet@e2e-journey.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
}

/**
 * A copy of the repository's schemas whose application form asks the passport to outlast the departure by one
 * day instead of 30. The form's own check stops a traveller from ever giving a passport that expires within 30
 * days of departure, so this is the only way to reach the decision rule PASSPORT_EXPIRES_TOO_SOON (still 30
 * days in the copy's decisions.rules.json) with real answers: as answers saved under a looser form would be.
 */
function schemasWithLooserPassportCheck(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'eta-e2e-outcomes-')), 'schemas');
  cpSync(join(ROOT, 'schemas'), dir, { recursive: true });
  const file = join(dir, 'application-form.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { 'x-rules': Record<string, unknown>[] };
  const rule = schema['x-rules'].find((r) => r.rule === 'passportValidity');
  if (!rule) throw new Error('The application form has no passportValidity rule any more.');
  rule.minDaysAfterDeparture = 1;
  writeFileSync(file, JSON.stringify(schema, null, 2));
  return dir;
}

/** The Google Wallet issuer of the journey's server. */
export const GOOGLE_ISSUER_ID = '3388000000022222222';

/** The environment of the journey's own server: decisions after a second, Google Wallet on, the looser form. */
export function outcomesServerEnv(): Record<string, string> {
  return {
    DECISION_DELAY_SECONDS: '1',
    DECISION_POLL_SECONDS: '1',
    GOOGLE_WALLET_ISSUER_ID: GOOGLE_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT: googleServiceAccount(),
    SCHEMAS_DIR: schemasWithLooserPassportCheck(),
  };
}

export type ApplicationType = 'ETA' | 'ETA_SECTION_11_1';

export interface NewApplicant {
  givenNames: string;
  familyName: string;
  dateOfBirth: string;
  isAccountHolder: boolean;
  /** Answers of the application form that differ from the example's. */
  answers?: Record<string, unknown>;
  /** Answers of the declarations that differ from the example's. */
  declarations?: Record<string, unknown>;
}

export interface SubmittedApplicant extends NewApplicant {
  applicantIdentifier: string;
  passportNumber: string;
}

/**
 * Saves one applicant's application form (the example, the applicant's facts, then `answers`) and declarations
 * (the example, then `declarations`).
 */
async function answerThroughApi(
  request: APIRequestContext,
  tokens: Tokens,
  guid: string,
  applicant: string,
  answers: Record<string, unknown> = {},
  declarations: Record<string, unknown> = {},
) {
  const headers = auth(tokens);
  const prefilled = await request.get(
    `/api/eta/applications/${guid}/answers/application-form?applicantIdentifier=${applicant}`,
    { headers },
  );
  expect(prefilled.status()).toBe(200);
  const facts = ((await prefilled.json()) as { answers: Record<string, unknown> }).answers;
  for (const [formId, given] of [
    ['application-form', { ...FORM_ANSWERS, ...facts, ...answers }],
    ['declarations', { ...DECLARATIONS, ...declarations }],
  ] as const) {
    const saved = await request.put(`/api/eta/applications/${guid}/answers/${formId}`, {
      headers,
      data: { applicantIdentifier: applicant, answers: given },
    });
    expect(saved.status(), `${formId}: ${await saved.text()}`).toBe(200);
    expect(((await saved.json()) as { complete: boolean }).complete, `${formId} complete`).toBe(true);
  }
}

/**
 * Pays for an application on the sandbox provider's hosted page as a browser posts it (the card that is always
 * accepted), then confirms the payment as the portal's return page does: the application is submitted.
 */
async function payThroughApi(request: APIRequestContext, tokens: Tokens, guid: string) {
  const headers = auth(tokens);
  const started = await request.post(`/api/eta/applications/${guid}/payment`, {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {},
  });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  const hosted = new URL(redirectUrl);
  const path = `${hosted.pathname}${hosted.search}`;
  expect((await request.get(path)).status()).toBe(200);
  const paid = await request.post(path, {
    form: { cardNumber: '4242 4242 4242 4242', action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  const confirmed = await request.post(`/api/eta/applications/${guid}/payment/confirm`, { headers, data: {} });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const submission = await request.get(`/api/eta/applications/${guid}/submission`, { headers });
  expect(submission.status(), await submission.text()).toBe(200);
  return ((await submission.json()) as { reference: string }).reference;
}

/**
 * An application of `applicationType` for these applicants, taken through every step (capture, application form,
 * declarations, documents) and paid, through the API: submitted, its decisions to come.
 */
export async function submittedApplicationThroughApi(
  request: APIRequestContext,
  tokens: Tokens,
  applicationType: ApplicationType,
  applicants: NewApplicant[],
) {
  const headers = auth(tokens);
  const created = await request.post('/api/eta/applications', {
    headers,
    data: {
      applicationType,
      applyingFor: !applicants.some((a) => a.isAccountHolder)
        ? 'OTHERS'
        : applicants.length > 1
          ? 'SELF_AND_OTHERS'
          : 'SELF',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { applicationIdentifier: guid } = (await created.json()) as { applicationIdentifier: string };
  const added: SubmittedApplicant[] = [];
  for (const applicant of applicants) {
    const passportNumber = freshPassportNumber(applicant.isAccountHolder ? 'OH' : 'OC');
    const response = await request.post(`/api/eta/applications/${guid}/applicants`, {
      headers,
      data: {
        nationality: 'FR',
        passportIssuingCountry: 'FR',
        isAccountHolder: applicant.isAccountHolder,
        ...(applicant.isAccountHolder ? {} : { relationship: 'CHILD' }),
        givenNames: applicant.givenNames,
        familyName: applicant.familyName,
        dateOfBirth: applicant.dateOfBirth,
        passportNumber,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { applicantIdentifier } = (await response.json()) as { applicantIdentifier: string };
    await passCaptureThroughApi(request, tokens, guid, applicantIdentifier);
    await answerThroughApi(request, tokens, guid, applicantIdentifier, applicant.answers, applicant.declarations);
    added.push({ ...applicant, applicantIdentifier, passportNumber });
  }
  await documentsCompletedThroughApi(
    request,
    tokens,
    guid,
    added.map((a) => a.applicantIdentifier),
  );
  const reference = await payThroughApi(request, tokens, guid);
  return { applicationIdentifier: guid, reference, applicants: added };
}

/** A decided document as the API shows it to its holder's account. */
export interface OutcomeView {
  kind: string;
  status: string;
  documentNumber: string;
  applicationReference: string;
  issuedOn: string;
  validFrom: string;
  validUntil?: string;
  seal: string;
  holder: { givenNames: string; familyName: string; passportNumber: string; dateOfBirth: string };
  conditions: { code: string; text: string; detail?: string }[];
  reasons: { code: string; text: string; detail?: string }[];
}

/** One applicant's document of a kind (path segment eta, permit or rejection-notice), as the API answers it. */
export async function outcomeThroughApi(
  request: APIRequestContext,
  tokens: Tokens,
  applicant: string,
  segment: 'eta' | 'permit' | 'rejection-notice',
): Promise<OutcomeView> {
  const response = await request.get(`/api/eta/applicants/${applicant}/${segment}`, {
    headers: { ...auth(tokens), 'Accept-Language': 'en' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OutcomeView;
}

/**
 * Reloads My applications until `ready` holds (the decisions have arrived), for up to `timeout` milliseconds:
 * the page reads the applications once per visit.
 */
export async function reloadUntil(page: Page, ready: () => Promise<boolean>, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await ready()) return true;
        await page.reload();
        await page.getByRole('main').waitFor();
        return ready();
      },
      { timeout, intervals: [1_000], message: `the decisions did not show within ${timeout / 1000} s` },
    )
    .toBe(true);
}

/** The part of a JWT between the dots, read as JSON. */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}
