import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addApplicant,
  applicantBody,
  signIn,
  validApplicationForm,
  validDeclarations,
  type Caller,
} from '../applications/testing/client';
import { capturePhotos, startSession } from '../biometrics/testing/capture-client';
import { validPassportPage, validSelfie } from '../biometrics/testing/test-images';
import { decideAll, submitWith } from '../decisions/testing/client';
import {
  applicantsAtDocuments,
  startDocumentsTestApp,
  storedDocumentKeys,
  uploadUrl,
  type DocumentsTestApp,
} from '../documents/testing/app';
import { multipartBody, pdfFile, sendFile } from '../documents/testing/files';
import { readyApplication, startPayment } from '../payments/testing/client';
import { databases } from '../testing/harness';
import { databaseSnapshot } from './testing/database-snapshot';
import { registeredApiRoutes, type RegisteredRoute } from './testing/route-inventory';

// Decisions are made by the test (decideAll), never by the background worker.
process.env.DECISION_POLL_SECONDS = '0';

/** Which of the owner's things a call names. */
type TargetName = 'draft' | 'photographed' | 'paying' | 'granted' | 'refused' | 'permit';

/** One thing of the owner's, by its identifiers. */
interface Target {
  application: string;
  applicant: string;
  document?: string;
}

/** A request body: JSON, or one PDF sent as multipart/form-data. */
type Body = Record<string, unknown> | 'pdf';

type Entry =
  | { class: 'public'; why: string }
  /** The staff's calls: a staff session (never an applicant's), of one of `roles` when named. */
  | { class: 'staff'; roles?: readonly string[]; why: string }
  | { class: 'signed-in'; why: string }
  | {
      class: 'owned';
      /** The owner's thing the call names. */
      target: TargetName;
      /** A valid body, so that validation (which may come first) cannot answer in place of the ownership check. */
      body?: (target: Target) => Body;
      /** Query parameters read though not required by the route's schema. */
      query?: string[];
      headers?: () => Record<string, string>;
      /** What the owner is answered when it is no success, and why (the body is valid all the same). */
      ownerAnswers?: { status: number; why: string };
    };

/**
 * Every /api/ route of the app, in one of three classes. A registered route missing here, or a route named here
 * that is no longer registered, fails the test: a new route cannot be left out of the matrix.
 */
const MATRIX: Record<string, Entry> = {
  // ---------------------------------------------------------------- public: no sign-in
  'GET /api/eta/static': { class: 'public', why: 'reference data' },
  'GET /api/eta/static/countries': { class: 'public', why: 'reference data' },
  'GET /api/eta/static/client-settings': { class: 'public', why: 'settings of the portal' },
  'POST /api/eta/profile/register': { class: 'public', why: 'registration' },
  'POST /api/eta/profile/verify': { class: 'public', why: 'e-mail verification by link or code' },
  'POST /api/eta/profile/verify-email-request': { class: 'public', why: 'a new verification e-mail' },
  'POST /api/eta/profile/request-password-reset': { class: 'public', why: 'forgotten password' },
  'POST /api/eta/profile/login': { class: 'public', why: 'sign-in' },
  'POST /api/eta/profile/refresh': { class: 'public', why: 'the refresh token is the credential' },
  'POST /api/eta/profile/logout': { class: 'public', why: 'the refresh token is the credential' },
  'POST /api/eta/profile/reset-password': { class: 'public', why: 'the reset key is the credential' },
  'GET /api/eta/biometrics/capture-session-status/:captureSessionIdentifier': {
    class: 'public',
    why: "a phone's capability: the session identifier (and then the device token) is the credential",
  },
  'POST /api/eta/biometrics/capture-session-status/:captureSessionIdentifier': {
    class: 'public',
    why: "a phone's capability: the session identifier (and then the device token) is the credential",
  },
  'POST /api/eta/forms/:formId/submissions': { class: 'public', why: 'form submissions, signed in or not' },
  'POST /api/eta/payments/webhook/sandbox': { class: 'public', why: "the payment provider's signed webhook" },
  'GET /api/eta/seal/certificate': { class: 'public', why: "the seal's public certificate" },
  'GET /api/eta/seal/status': { class: 'public', why: 'the public check of a sealed document number' },
  'GET /api/eta/wallet/apple/:token': { class: 'public', why: 'the signed, short-lived token is the credential' },
  'GET /api/eta/openapi.json': { class: 'public', why: 'the API description' },
  'POST /api/eta/csp-report': { class: 'public', why: "browsers' reports of the Content-Security-Policy" },
  'POST /api/staff/session': { class: 'public', why: "staff sign-in: the password and the authenticator's code" },
  'DELETE /api/staff/session': { class: 'public', why: "staff sign-out: the session's cookie is the credential" },

  // ---------------------------------------------------------------- staff: a staff session, and its roles
  'GET /api/staff/session': { class: 'staff', why: 'the member of the staff session' },
  'GET /api/staff/audit': { class: 'staff', roles: ['administrator'], why: 'the audit trail' },
  'GET /api/staff/accounts': { class: 'staff', roles: ['administrator'], why: 'staff accounts' },
  'POST /api/staff/accounts': { class: 'staff', roles: ['administrator'], why: 'a new member of staff' },
  'PUT /api/staff/accounts/roles': { class: 'staff', roles: ['administrator'], why: "a member's roles" },
  'POST /api/staff/accounts/disable': { class: 'staff', roles: ['administrator'], why: 'a disabled account' },
  'GET /api/staff/configuration/versions': {
    class: 'staff',
    roles: ['editor', 'translator', 'publisher', 'administrator'],
    why: 'the published versions and drafts',
  },
  'GET /api/staff/configuration/draft': {
    class: 'staff',
    roles: ['editor', 'translator', 'publisher', 'administrator'],
    why: "a draft's changes",
  },
  'POST /api/staff/configuration/draft/discard': {
    class: 'staff',
    roles: ['editor', 'translator', 'publisher', 'administrator'],
    why: 'a draft discarded by its member, a publisher or an administrator',
  },
  'GET /api/staff/texts': { class: 'staff', roles: ['editor', 'translator'], why: 'texts beside English' },
  'PUT /api/staff/texts': { class: 'staff', roles: ['editor', 'translator'], why: "texts into the member's draft" },

  // ---------------------------------------------------------------- signed-in, naming nothing of anyone's
  'POST /api/eta/profile/change-password': { class: 'signed-in', why: "the caller's own account" },
  'GET /api/eta/profile': { class: 'signed-in', why: "the caller's own account" },
  'PATCH /api/eta/profile': { class: 'signed-in', why: "the caller's own account" },
  'POST /api/eta/applications': { class: 'signed-in', why: 'creates an application of the caller' },
  'GET /api/eta/applications': { class: 'signed-in', why: "lists the caller's applications" },
  'GET /api/eta/applicants/wallets': { class: 'signed-in', why: 'the wallets offered' },

  // ---------------------------------------------------------------- owned: names an application or applicant
  'GET /api/eta/applications/:guid': { class: 'owned', target: 'draft' },
  'DELETE /api/eta/applications/:guid': { class: 'owned', target: 'draft' },
  'POST /api/eta/applications/:guid/step/resume': { class: 'owned', target: 'draft' },
  'GET /api/eta/applications/:guid/applicants': { class: 'owned', target: 'draft' },
  'POST /api/eta/applications/:guid/applicants': {
    class: 'owned',
    target: 'draft',
    body: () => applicantBody({ isAccountHolder: false, relationship: 'CHILD', givenNames: 'Intruder' }),
  },
  'PUT /api/eta/applications/:guid/applicants/:applicantGuid': {
    class: 'owned',
    target: 'draft',
    body: () => applicantBody({ givenNames: 'Intruder' }),
  },
  'DELETE /api/eta/applications/:guid/applicants/:applicantGuid': { class: 'owned', target: 'draft' },
  'GET /api/eta/application-details/:guid': { class: 'owned', target: 'draft', query: ['applicantIdentifier'] },
  'PUT /api/eta/application-details/:guid': {
    class: 'owned',
    target: 'draft',
    body: (t) => ({ applicantIdentifier: t.applicant, answers: validApplicationForm() }),
  },
  'GET /api/eta/applications/:guid/answers/:formId': {
    class: 'owned',
    target: 'draft',
    query: ['applicantIdentifier'],
  },
  'PUT /api/eta/applications/:guid/answers/:formId': {
    class: 'owned',
    target: 'draft',
    body: (t) => ({ applicantIdentifier: t.applicant, answers: validApplicationForm() }),
  },
  // The identifiers are in the body.
  'PUT /api/eta/declarations': {
    class: 'owned',
    target: 'draft',
    body: (t) => ({
      applicationIdentifier: t.application,
      applicantIdentifier: t.applicant,
      answers: validDeclarations(),
    }),
  },
  'POST /api/eta/biometrics': {
    class: 'owned',
    target: 'photographed',
    body: (t) => ({ applicationIdentifier: t.application, applicantIdentifier: t.applicant }),
  },
  'GET /api/eta/applicants/:guid/photos/:photoType': { class: 'owned', target: 'photographed' },
  'GET /api/eta/applications/:guid/documents': { class: 'owned', target: 'draft' },
  'POST /api/eta/applications/:guid/documents': { class: 'owned', target: 'draft', body: () => 'pdf' },
  'POST /api/eta/applications/:guid/documents/complete': {
    class: 'owned',
    target: 'draft',
    body: (t) => ({ applicantIdentifier: t.applicant }),
    ownerAnswers: { status: 400, why: 'DOCUMENTS_MISSING: the rules ask for more than the one document uploaded' },
  },
  'GET /api/eta/applications/:guid/documents/:documentGuid': { class: 'owned', target: 'draft' },
  'PUT /api/eta/applications/:guid/documents/:documentGuid': { class: 'owned', target: 'draft', body: () => 'pdf' },
  'DELETE /api/eta/applications/:guid/documents/:documentGuid': { class: 'owned', target: 'draft' },
  'POST /api/eta/applications/:guid/documents/:documentGuid/reuse': {
    class: 'owned',
    target: 'draft',
    body: (t) => ({ applicantIdentifier: t.applicant, documentType: 'PROOF_OF_ACCOMMODATION' }),
  },
  'GET /api/eta/applications/:guid/payment': { class: 'owned', target: 'paying' },
  'POST /api/eta/applications/:guid/payment': {
    class: 'owned',
    target: 'paying',
    body: () => ({}),
    headers: () => ({ 'idempotency-key': randomUUID() }),
  },
  'POST /api/eta/applications/:guid/payment/confirm': { class: 'owned', target: 'paying', body: () => ({}) },
  'GET /api/eta/applications/:guid/submission': { class: 'owned', target: 'granted' },
  'GET /api/eta/applicants/wallet-link': { class: 'owned', target: 'granted' },
  'GET /api/eta/applicants/:guid/eta': { class: 'owned', target: 'granted' },
  'POST /api/eta/applicants/:guid/eta-pdf': { class: 'owned', target: 'granted' },
  'GET /api/eta/applicants/:guid/permit': { class: 'owned', target: 'permit' },
  'POST /api/eta/applicants/:guid/permit-pdf': { class: 'owned', target: 'permit' },
  'GET /api/eta/applicants/:guid/rejection-notice': { class: 'owned', target: 'refused' },
  'POST /api/eta/applicants/:guid/rejection-notice-pdf': { class: 'owned', target: 'refused' },
};

/** The value of a path parameter: the target's identifier it names (by the path around it), or a fixed value. */
function pathValue(route: string, name: string, target: Target): string {
  if (name === 'guid') return route.includes('/api/eta/applicants/') ? target.applicant : target.application;
  if (name === 'applicantGuid') return target.applicant;
  if (name === 'documentGuid') {
    if (!target.document) throw new Error(`${route}: the target has no document`);
    return target.document;
  }
  if (name === 'formId') return 'application-form';
  if (name === 'photoType') return 'SELFIE';
  throw new Error(`${route}: no value for the path parameter "${name}": add it to pathValue`);
}

/** The value of a query parameter. */
function queryValue(route: string, name: string, target: Target): string {
  if (name === 'applicantIdentifier') return target.applicant;
  if (name === 'documentType') return 'OTHER';
  if (name === 'wallet') return 'google';
  throw new Error(`${route}: no value for the query parameter "${name}": add it to queryValue`);
}

describe.each(databases())('object-level authorisation of every route, on %s', (kind) => {
  let fixture: DocumentsTestApp;
  let app: FastifyInstance;
  let owner: Caller;
  let other: Caller;
  let registered: RegisteredRoute[];
  const targets = {} as Record<TargetName, Target>;
  /** Everything of the owner's that another caller must never see: identifiers, names, passports, references. */
  const secrets: string[] = [];
  let pdf: Buffer;

  beforeAll(async () => {
    registered = await registeredApiRoutes();
    // A wallet is configured (Google's needs no tool of the system), so that a wallet link is more than a refusal;
    // the wallets are read from the environment as the routes are registered.
    const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const saved = { ...process.env };
    Object.assign(process.env, {
      GOOGLE_WALLET_ISSUER_ID: '3388000000022222222',
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
        client_email: 'wallet@eta.iam.gserviceaccount.com',
        private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      }),
    });
    try {
      fixture = await startDocumentsTestApp(kind);
    } finally {
      process.env = saved;
    }
    app = fixture.app;
    owner = await signIn(app);
    other = await signIn(app);
    pdf = await pdfFile('Not the owner');

    // A decided application of two: the first granted, the second refused (its passport runs out days after
    // departure), so that an ETA and a rejection notice exist.
    const decided = await submitWith(app, owner, {
      count: 2,
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    await app.db
      .updateTable('applicant_answers')
      .set({
        answers: JSON.stringify(
          validApplicationForm({ departureDate: '2030-03-20', passportExpiryDate: '2030-03-25' }),
        ),
      })
      .where('applicant_id', '=', decided.applicants[1])
      .where('form_id', '=', 'application-form')
      .execute();
    const permit = await submitWith(app, owner, {
      applicationType: 'ETA_SECTION_11_1',
      answers: validApplicationForm(),
      declarations: validDeclarations(),
    });
    await decideAll(app);

    // An application in progress: the holder at the supporting documents with a document uploaded, and a second
    // applicant whose photos were taken (a capture session is left open for them too).
    const draft = await applicantsAtDocuments(app, owner, 1);
    const [holder] = draft.applicantIds;
    const uploaded = await sendFile(app, owner, 'POST', uploadUrl(draft.applicationId, holder, 'OTHER'), pdf);
    if (uploaded.statusCode !== 201) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
    const photographed = await addApplicant(app, owner, draft.applicationId, {
      isAccountHolder: false,
      relationship: 'SIBLING',
      givenNames: 'Léa',
    });
    const photographedIds = { applicationId: draft.applicationId, applicantId: photographed };
    await capturePhotos(app, owner, photographedIds, {
      selfie: await validSelfie(),
      passport: await validPassportPage(),
    });
    const captureSession = await startSession(app, owner, photographedIds);

    // An application waiting for its payment, with a payment begun.
    const paying = await readyApplication(app, owner, 1);
    const begun = await startPayment(app, owner, paying.guid);
    if (begun.statusCode >= 300) throw new Error(`payment answered ${begun.statusCode}: ${begun.body}`);

    targets.draft = {
      application: draft.applicationId,
      applicant: holder,
      document: uploaded.json().documentIdentifier,
    };
    targets.photographed = { application: draft.applicationId, applicant: photographed };
    targets.paying = { application: paying.guid, applicant: paying.applicants[0] };
    targets.granted = { application: decided.guid, applicant: decided.applicants[0] };
    targets.refused = { application: decided.guid, applicant: decided.applicants[1] };
    targets.permit = { application: permit.guid, applicant: permit.applicants[0] };

    const mine = app.db.selectFrom('applications').select('id').where('profile_id', '=', owner.profileId);
    const applicants = await app.db
      .selectFrom('applicants')
      .select(['id', 'given_names', 'family_name', 'passport_number'])
      .where('application_id', 'in', mine)
      .execute();
    const submissions = await app.db
      .selectFrom('application_submissions')
      .select(['reference'])
      .where('application_id', 'in', mine)
      .execute();
    const payments = await app.db
      .selectFrom('payments')
      .select(['id', 'provider_reference'])
      .where('application_id', 'in', mine)
      .execute();
    const decisions = await app.db
      .selectFrom('applicant_decisions')
      .select(['document_number'])
      .where('application_id', 'in', mine)
      .execute();
    const documents = await app.db
      .selectFrom('applicant_documents')
      .select(['id'])
      .where(
        'applicant_id',
        'in',
        applicants.map((a) => a.id),
      )
      .execute();
    secrets.push(
      captureSession,
      ...Object.values(targets).map((t) => t.application),
      ...applicants.flatMap((a) => [a.id, a.given_names, a.family_name, a.passport_number]),
      ...submissions.map((s) => s.reference),
      ...payments.flatMap((p) => [p.id, p.provider_reference ?? '']),
      ...decisions.map((d) => d.document_number ?? ''),
      ...documents.map((d) => d.id),
    );
    secrets.splice(0, secrets.length, ...new Set(secrets.filter((secret) => secret.length > 0)));
    // Two applications submitted; their three applicants decided, each with a numbered document.
    expect(submissions).toHaveLength(2);
    expect(decisions.filter((d) => d.document_number)).toHaveLength(3);
  });
  afterAll(() => fixture?.close());

  /** The request of an owned route on the owner's target, made by `caller` (none: signed out). */
  function requestOf(route: string, caller: Caller | undefined): InjectOptions {
    const entry = MATRIX[route];
    if (entry.class !== 'owned') throw new Error(`${route} is not owned`);
    const target = targets[entry.target];
    const [method, pattern] = route.split(' ');
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => pathValue(route, name, target));
    const required = registered.find((r) => r.route === route)?.requiredQuery ?? [];
    const query = [...new Set([...required, ...(entry.query ?? [])])]
      .map((name) => `${name}=${encodeURIComponent(queryValue(route, name, target))}`)
      .join('&');
    const headers: Record<string, string> = { ...(entry.headers?.() ?? {}) };
    if (caller) headers.authorization = `Bearer ${caller.token}`;
    const body = entry.body?.(target);
    let payload: InjectOptions['payload'];
    if (body === 'pdf') {
      const multipart = multipartBody([{ field: 'file', fileName: 'document.pdf', data: pdf }]);
      headers['content-type'] = multipart.contentType;
      payload = multipart.payload;
    } else if (body !== undefined) payload = body;
    return {
      method: method as InjectOptions['method'],
      url: query ? `${path}?${query}` : path,
      headers,
      ...(payload === undefined ? {} : { payload }),
    };
  }

  const owned = () => Object.keys(MATRIX).filter((route) => MATRIX[route].class === 'owned');

  /** The state the owner's data is in: every table's rows and every stored document file. */
  const snapshot = async (): Promise<Record<string, string[]>> => ({
    ...(await databaseSnapshot(app)),
    'stored documents': await storedDocumentKeys(fixture.storage),
  });

  /** Fails naming the first table (or the stored files) that changed since `before`. */
  async function expectUnchanged(before: Record<string, string[]>) {
    const after = await snapshot();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const name of Object.keys(before)) expect(after[name], `${name} changed`).toEqual(before[name]);
  }

  it('classifies every registered /api/ route, and names only routes that exist', () => {
    const routes = registered.map((r) => r.route);
    expect(routes.length).toBeGreaterThan(40);
    expect(
      routes.filter((route) => !(route in MATRIX)),
      'registered routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      'routes of the matrix no longer registered',
    ).toEqual([]);
  });

  it("answers another account 404 on every owned call, shows nothing of the owner's, and changes nothing", async () => {
    const before = await snapshot();
    for (const route of owned()) {
      const response: LightMyRequestResponse = await app.inject(requestOf(route, other));
      expect(response.statusCode, `${route}: ${response.body}`).toBe(404);
      const body = response.json();
      expect(Object.keys(body).sort(), route).toEqual(['code', 'error']);
      expect(body.code, route).toMatch(/NOT_FOUND$/);
      for (const secret of secrets) expect(response.body, route).not.toContain(secret);
    }
    await expectUnchanged(before);
  });

  it('answers 401 to every owned and signed-in call without a session, and changes nothing', async () => {
    const before = await snapshot();
    for (const route of owned()) {
      const response = await app.inject(requestOf(route, undefined));
      expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
      expect(response.json().code, route).toBe('UNAUTHORIZED');
      for (const secret of secrets) expect(response.body, route).not.toContain(secret);
    }
    for (const route of Object.keys(MATRIX).filter((r) => MATRIX[r].class === 'signed-in')) {
      const [method, url] = route.split(' ');
      const response = await app.inject({ method: method as InjectOptions['method'], url, payload: {} });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
    }
    await expectUnchanged(before);
  });

  it('answers every staff call 401 without a staff session, an applicant’s session included, and changes nothing', async () => {
    const before = await snapshot();
    const staffRoutes = Object.keys(MATRIX).filter((route) => MATRIX[route].class === 'staff');
    expect(staffRoutes.length).toBeGreaterThan(5);
    for (const route of staffRoutes) {
      const [method, url] = route.split(' ');
      for (const caller of [undefined, owner]) {
        const response = await app.inject({
          method: method as InjectOptions['method'],
          url,
          headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
        expect(response.json().code, route).toBe('STAFF_SESSION_REQUIRED');
      }
    }
    await expectUnchanged(before);
  });

  it('answers the owner with a success on every owned call (the same request), so the 404s above mean something', async () => {
    // The deletions come last, the document before its applicant before its application.
    const deletions = ['documents/:documentGuid', 'applicants/:applicantGuid', 'applications/:guid'];
    const order = (route: string) =>
      route.startsWith('DELETE ') ? 1 + deletions.findIndex((tail) => route.endsWith(tail)) : 0;
    for (const route of owned().sort((a, b) => order(a) - order(b))) {
      const entry = MATRIX[route];
      const response = await app.inject(requestOf(route, owner));
      expect(response.statusCode, `${route}: ${response.body}`).not.toBe(404);
      if (entry.class === 'owned' && entry.ownerAnswers) {
        expect(response.statusCode, `${route}: ${response.body}`).toBe(entry.ownerAnswers.status);
      } else {
        expect(response.statusCode, `${route}: ${response.body}`).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(300);
      }
    }
  });
});
