import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERRORS,
  APPLICATION_ERRORS,
  CAPTURE_ERRORS,
  ELIGIBILITY_CODES,
  ERROR_CODES,
  IMAGE_ERROR_CODES,
} from '../../shared/contract';
import {
  STRONG_PASSWORD,
  authKeyOf,
  getProfile,
  post,
  registrationBody,
  waitForMail,
} from '../accounts/testing/client';
import {
  addApplicant,
  advanceTo,
  applicantBody,
  call,
  createApplication,
  signIn,
  stepAfter,
  validApplicationForm,
} from '../applications/testing/client';
import { inventoryRoutes } from '../security/testing/route-inventory';
import { buildTestApp, TEST_SCHEMAS_DIR } from '../testing/harness';
import {
  buildOpenApiDocument,
  expectDocumented,
  openApiAjv as ajv,
  openApiDocument as doc,
  type Json,
} from './testing/conformance';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every documented operation as "METHOD path". */
const documented = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((method) => METHODS.includes(method))
    .map((method) => `${method.toUpperCase()} ${path}`),
);

/** The documented operation of "METHOD path". */
const operationOf = (route: string): Json => {
  const [method, path] = route.split(' ');
  return doc.paths[path][method.toLowerCase()];
};

/** A schema with a local $ref to the document's components followed (one level, as the document uses them). */
const resolve = (node: Json | undefined): Json | undefined =>
  node?.$ref ? doc.components[node.$ref.split('/')[2]][node.$ref.split('/').pop()] : node;

/** A file of the configuration the tests run on (schemas/, or SCHEMAS_DIR's copy). */
const configFile = (file: string): Json => JSON.parse(readFileSync(path.join(TEST_SCHEMAS_DIR, file), 'utf8'));

/** A schema file of schemas/ by its $id ("applicant", "api/verify"). */
const schemaFile = (id: string): Json => configFile(`${id}.schema.json`);

/** The route's own schema, a `{ $ref: '<id>#' }` read from its file. */
const routeSchema = (schema: Json): Json =>
  typeof schema.$ref === 'string' ? schemaFile(schema.$ref.replace(/#$/, '')) : schema;

/** The fields a body schema names; a oneOf of shapes (the verify body) names the fields of all its shapes. */
function fieldsOf(schema: Json): { properties: string[]; required?: string[] } {
  if (Array.isArray(schema.oneOf))
    return { properties: [...new Set<string>(schema.oneOf.flatMap((v: Json) => Object.keys(v.properties)))].sort() };
  return { properties: Object.keys(schema.properties ?? {}).sort(), required: [...(schema.required ?? [])].sort() };
}

/** Every stable code a documented answer may carry (the enum or const of a `code` property). */
function documentedCodes(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => documentedCodes(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === 'code' && value && typeof value === 'object') {
        for (const code of [...(value.enum ?? []), ...(value.const === undefined ? [] : [value.const])])
          found.add(code);
      }
      documentedCodes(value, found);
    }
  }
  return found;
}

interface RegisteredRoute {
  operation: string;
  body?: Json;
  querystring?: Json;
}

describe('OpenAPI description', () => {
  const registered: RegisteredRoute[] = [];

  beforeAll(async () => {
    // The app's own route registry, listing every route as it is added, with its schemas.
    await inventoryRoutes((route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || !route.url.startsWith('/api/eta/')) continue;
        const schema = (route.schema ?? {}) as Json;
        registered.push({
          operation: `${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`,
          body: schema.body,
          querystring: schema.querystring,
        });
      }
    });
  });

  it('is an OpenAPI 3.1 document whose schemas compile', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.compile({ $ref: `openapi#/components/schemas/${name}` }), name).not.toThrow();
    }
  });

  it('documents every registered /api/eta/ route, and only routes that exist', () => {
    const operations = registered.map((route) => route.operation);
    expect(operations.some((route) => route.startsWith('GET /api/eta/profile'))).toBe(true);
    expect([...operations].sort()).toEqual([...documented].sort());
  });

  it('names every operation once, with a known tag, its path parameters and at least one answer', () => {
    const tags = doc.tags.map((tag: Json) => tag.name);
    const ids = documented.map((route) => operationOf(route).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of documented) {
      const operation = operationOf(route);
      for (const tag of operation.tags) expect(tags, route).toContain(tag);
      const inPath = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const parameters = (operation.parameters ?? []).map(resolve) as Json[];
      expect(
        parameters
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort(),
        route,
      ).toEqual(inPath);
      expect(Object.keys(operation.responses).length, route).toBeGreaterThan(0);
    }
  });

  it('describes request bodies and query parameters with the same fields as the schemas that validate them', () => {
    const compared: string[] = [];
    for (const route of registered) {
      const operation = operationOf(route.operation);
      // A file upload's body is multipart/form-data: no JSON body to compare.
      const described = resolve(operation.requestBody?.content['application/json']?.schema);
      expect(Boolean(described), `${route.operation} documents a body exactly when it validates one`).toBe(
        Boolean(route.body),
      );
      if (described && route.body) {
        const validated = fieldsOf(routeSchema(route.body));
        // A oneOf of shapes states its required fields per shape: only the field names are compared.
        expect(fieldsOf(described), route.operation).toEqual(
          Array.isArray(described.oneOf) ? { properties: validated.properties } : validated,
        );
        compared.push(operation.requestBody.content['application/json'].schema.$ref?.split('/').pop());
      }
      if (route.querystring) {
        const query = ((operation.parameters ?? []).map(resolve) as Json[])
          .filter((p) => p.in === 'query')
          .map((p) => p.name);
        expect(query.sort(), route.operation).toEqual(Object.keys(route.querystring.properties).sort());
      }
    }
    expect(compared).toEqual(
      expect.arrayContaining([
        'RegistrationRequest',
        'VerifyRequest',
        'EmailRequest',
        'ForgotPasswordRequest',
        'LoginRequest',
        'RefreshRequest',
        'LogoutRequest',
        'ResetPasswordRequest',
        'ChangePasswordRequest',
        'CreateApplicationRequest',
        'ApplicantRequest',
        'ApplicationDetailsRequest',
        'DeclarationsRequest',
        'StepAnswersRequest',
        'CaptureSessionRequest',
        'CaptureSessionAction',
      ]),
    );
  });

  it('lists the page ids of the forms whose answers are saved page by page', () => {
    const pages = (form: string) => configFile(`${form}.ui.json`)['ui:pages'].map((page: Json) => page.id);
    expect(doc.components.schemas.ApplicationDetailsRequest.properties.page.enum).toEqual(pages('application-form'));
    expect(doc.components.schemas.DeclarationsRequest.properties.page.enum).toEqual(pages('declarations'));
    expect(doc.components.schemas.ApplicantRequest.properties.relationship.enum).toEqual(
      schemaFile('applicant').properties.relationship.enum,
    );
  });

  it('reads the page ids from the forms an edited schema folder holds', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eta-openapi-'));
    try {
      cpSync(TEST_SCHEMAS_DIR, dir, { recursive: true });
      const uiFile = path.join(dir, 'application-form.ui.json');
      const ui = JSON.parse(readFileSync(uiFile, 'utf8')) as Json;
      ui['ui:pages'].push({ id: 'added-page', titleKey: ui['ui:pages'][0].titleKey, fields: [] });
      writeFileSync(uiFile, JSON.stringify(ui));
      const edited = await buildOpenApiDocument(dir);
      expect(edited.components.schemas.ApplicationDetailsRequest.properties.page.enum).toEqual(
        ui['ui:pages'].map((page: Json) => page.id),
      );
      expect(JSON.stringify(edited)).not.toContain('x-pages-of');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists the journey steps of the route manifest wherever an answer names a step', () => {
    const manifest = configFile('routes.manifest.json');
    const steps = (manifest.steps as Json[]).map((entry) => entry.step);
    const applicant = doc.components.schemas.Applicant.properties;
    expect(applicant.step.enum).toEqual(steps);
    expect(applicant.steps.items.properties.step.enum).toEqual(steps);
    expect(JSON.stringify(doc.paths)).not.toContain('x-journey-step');
  });

  it('documents every stable error code of the areas', () => {
    const codes = documentedCodes(doc);
    const known = [
      ...Object.values(ACCOUNT_ERRORS),
      ...Object.values(APPLICATION_ERRORS),
      ...Object.values(ELIGIBILITY_CODES),
      ...Object.values(CAPTURE_ERRORS),
      ...IMAGE_ERROR_CODES,
      ERROR_CODES.unauthorized,
      ERROR_CODES.tooManyRequests,
      ERROR_CODES.validationFailed,
    ];
    for (const code of known) expect([...codes], code).toContain(code);
  });
});

describe('answers match the OpenAPI description', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the description', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/eta/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual(doc);
  });

  it('asks for a bearer token exactly where a call without one answers 401, and answers anonymous calls as documented', async () => {
    for (const route of documented) {
      const [method, path] = route.split(' ');
      const operation = operationOf(route);
      const response = await app.inject({
        method: method as 'GET',
        url: path.replace(/\{\w+\}/g, randomUUID()),
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
      });
      const bearerOnly = JSON.stringify(operation.security ?? []) === JSON.stringify([{ bearerAuth: [] }]);
      if (bearerOnly) expect(response.statusCode, route).toBe(401);
      else expect(response.statusCode, route).not.toBe(401);
      expectDocumented(path, method.toLowerCase(), response);
    }
  });

  it('for a whole account journey, errors included', async () => {
    const p = '/api/eta/profile';
    expectDocumented(`${p}/register`, 'post', await post(app, 'register', registrationBody('doc@example.com')));
    expectDocumented(`${p}/register`, 'post', await post(app, 'register', { email: 'x' }));
    const [message] = await waitForMail(app, 'doc@example.com');
    expectDocumented(
      `${p}/login`,
      'post',
      await post(app, 'login', { email: 'doc@example.com', password: STRONG_PASSWORD }),
    );
    expectDocumented(`${p}/verify`, 'post', await post(app, 'verify', { authKey: 'B'.repeat(43) }));
    expectDocumented(`${p}/verify`, 'post', await post(app, 'verify', { authKey: authKeyOf(message) }));
    expectDocumented(
      `${p}/verify-email-request`,
      'post',
      await post(app, 'verify-email-request', { email: 'doc@example.com', emailAction: 'VERIFY_EMAIL' }),
    );
    expectDocumented(
      `${p}/login`,
      'post',
      await post(app, 'login', { email: 'doc@example.com', password: 'Wrong-Pass-1!' }),
    );
    const login = await post(app, 'login', { email: 'doc@example.com', password: STRONG_PASSWORD });
    expectDocumented(`${p}/login`, 'post', login);
    const { tokenInfo } = login.json();
    const refreshed = await post(app, 'refresh', { refreshToken: tokenInfo.refreshToken });
    expectDocumented(`${p}/refresh`, 'post', refreshed);
    expectDocumented(`${p}/refresh`, 'post', await post(app, 'refresh', { refreshToken: 'C'.repeat(43) }));
    const token = refreshed.json().accessToken;
    expectDocumented(p, 'get', await getProfile(app, token));
    expectDocumented(
      `${p}/change-password`,
      'post',
      await post(
        app,
        'change-password',
        { currentPassword: 'Wrong-1!', newPassword: 'Brand-New-Pass-5!', confirmPassword: 'Brand-New-Pass-5!' },
        { token },
      ),
    );
    expectDocumented(
      `${p}/change-password`,
      'post',
      await post(
        app,
        'change-password',
        { currentPassword: STRONG_PASSWORD, newPassword: 'Brand-New-Pass-5!', confirmPassword: 'Brand-New-Pass-5!' },
        { token },
      ),
    );
    expectDocumented(
      `${p}/request-password-reset`,
      'post',
      await post(app, 'request-password-reset', { email: 'doc@example.com' }),
    );
    expectDocumented(
      `${p}/reset-password`,
      'post',
      await post(app, 'reset-password', {
        authKey: 'D'.repeat(43),
        newPassword: 'Brand-New-Pass-6!',
        confirmPassword: 'Brand-New-Pass-6!',
      }),
    );
    expectDocumented(`${p}/logout`, 'post', await post(app, 'logout', {}, { token }));
    expectDocumented(p, 'get', await getProfile(app, token));
    for (let i = 0; i < 10; i++) await post(app, 'login', { email: 'doc@example.com', password: `Wrong-${i}!aA` });
    expectDocumented(
      `${p}/login`,
      'post',
      await post(app, 'login', { email: 'doc@example.com', password: STRONG_PASSWORD }),
    );
  });

  it('for an application, its applicants and its form, errors included', async () => {
    const A = '/api/eta/applications/{guid}';
    const RESUME = `${A}/step/resume`;
    const APPLICANTS = `${A}/applicants`;
    const APPLICANT = `${APPLICANTS}/{applicantGuid}`;
    const DETAILS = '/api/eta/application-details/{guid}';
    const caller = await signIn(app);
    const guid = await createApplication(app, caller);
    const url = `/api/eta/applications/${guid}`;

    const empty = await call(app, caller, 'POST', `${url}/step/resume`);
    expect(empty.json().step).toBe('MANAGE_APPLICANTS');
    expectDocumented(RESUME, 'post', empty);
    expectDocumented(
      APPLICANTS,
      'post',
      await call(app, caller, 'POST', `${url}/applicants`, applicantBody({ passportNumber: '12' })),
    );
    const added = await call(app, caller, 'POST', `${url}/applicants`, applicantBody());
    expect(added.statusCode).toBe(201);
    expectDocumented(APPLICANTS, 'post', added);
    const { applicantIdentifier: applicant, passportNumber } = added.json();
    const refused = await call(
      app,
      caller,
      'POST',
      `${url}/applicants`,
      applicantBody({ isAccountHolder: false, relationship: 'CHILD', passportIssuingCountry: 'ZA' }),
    );
    expect(refused.json().code).toBe('PASSPORT_COUNTRY_NOT_WHITELISTED');
    expectDocumented(APPLICANTS, 'post', refused);
    expectDocumented(
      APPLICANTS,
      'post',
      await call(app, caller, 'POST', `/api/eta/applications/${randomUUID()}/applicants`, applicantBody()),
    );
    expectDocumented(APPLICANTS, 'get', await call(app, caller, 'GET', `${url}/applicants`));
    expectDocumented(
      APPLICANT,
      'put',
      await call(
        app,
        caller,
        'PUT',
        `${url}/applicants/${applicant}`,
        applicantBody({ passportNumber, givenNames: 'Ana' }),
      ),
    );
    expectDocumented(
      APPLICANT,
      'put',
      await call(app, caller, 'PUT', `${url}/applicants/${randomUUID()}`, applicantBody()),
    );
    expectDocumented(A, 'get', await call(app, caller, 'GET', url));
    expectDocumented(A, 'get', await call(app, caller, 'GET', '/api/eta/applications/not-a-guid'));

    const form = validApplicationForm({ passportNumber });
    const early = await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: applicant,
      answers: form,
    });
    expect(early.json().code).toBe('STEP_NOT_REACHED');
    expectDocumented(DETAILS, 'put', early);
    expectDocumented(DETAILS, 'get', await call(app, caller, 'GET', `/api/eta/application-details/${guid}`));
    expectDocumented(
      DETAILS,
      'get',
      await call(app, caller, 'GET', `/api/eta/application-details/${guid}?applicantIdentifier=${randomUUID()}`),
    );
    await advanceTo(app, applicant, 'APPLICATION_FORM');
    const resumed = await call(app, caller, 'POST', `${url}/step/resume`);
    expect(resumed.json()).toMatchObject({
      applicantIdentifier: applicant,
      step: 'APPLICATION_FORM',
      page: 'personal-details',
    });
    expectDocumented(RESUME, 'post', resumed);
    expectDocumented(
      DETAILS,
      'put',
      await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
        applicantIdentifier: applicant,
        page: 'hobbies',
        answers: {},
      }),
    );
    const draft = await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: applicant,
      page: 'work',
      draft: true,
      answers: { occupationType: 'MEDIA' },
    });
    expect(draft.statusCode).toBe(200);
    expectDocumented(DETAILS, 'put', draft);
    const whole = await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: applicant,
      answers: form,
    });
    expect(whole.json()).toMatchObject({ complete: true, step: stepAfter('APPLICATION_FORM') });
    expectDocumented(DETAILS, 'put', whole);
    expectDocumented(
      DETAILS,
      'get',
      await call(app, caller, 'GET', `/api/eta/application-details/${guid}?applicantIdentifier=${applicant}`),
    );

    const child = await addApplicant(app, caller, guid, { isAccountHolder: false, relationship: 'CHILD' });
    expectDocumented(APPLICANT, 'delete', await call(app, caller, 'DELETE', `${url}/applicants/${child}`));
    expectDocumented(APPLICANT, 'delete', await call(app, caller, 'DELETE', `${url}/applicants/${child}`));
    await app.db.updateTable('applications').set({ status: 'SUBMITTED' }).where('id', '=', guid).execute();
    expectDocumented(A, 'delete', await call(app, caller, 'DELETE', url));
    expectDocumented(RESUME, 'post', await call(app, caller, 'POST', `${url}/step/resume`));
    expectDocumented(
      APPLICANTS,
      'post',
      await call(
        app,
        caller,
        'POST',
        `${url}/applicants`,
        applicantBody({ isAccountHolder: false, relationship: 'CHILD' }),
      ),
    );
    expectDocumented(APPLICANT, 'delete', await call(app, caller, 'DELETE', `${url}/applicants/${applicant}`));

    const other = await createApplication(app, caller);
    const deleted = await call(app, caller, 'DELETE', `/api/eta/applications/${other}`);
    expect(deleted.json()).toEqual({ applicationIdentifier: other, deleted: true });
    expectDocumented(A, 'delete', deleted);
    expectDocumented(A, 'delete', await call(app, caller, 'DELETE', `/api/eta/applications/${other}`));
  });

  it('for the reference data', async () => {
    expectDocumented('/api/eta/static', 'get', await app.inject({ url: '/api/eta/static' }));
    expectDocumented(
      '/api/eta/static/client-settings',
      'get',
      await app.inject({ url: '/api/eta/static/client-settings' }),
    );
    for (const query of ['', '?search=za', '?lang=fr&search=allemagne', '?lang=%3Cscript%3E']) {
      expectDocumented(
        '/api/eta/static/countries',
        'get',
        await app.inject({ url: `/api/eta/static/countries${query}` }),
      );
    }
  });
});
