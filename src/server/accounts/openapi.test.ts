import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../routes/index';
import { buildTestApp, createTestDb, testConfig, type TestDb } from '../testing/harness';
import { registerValidation } from '../validation/index';
import { OPENAPI_FILE } from './openapi-route';
import { STRONG_PASSWORD, authKeyOf, getProfile, post, registrationBody, waitForMail } from './test-client';

// The document is walked by path and status read from the answers: typing every level would say nothing more.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const doc: Json = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every documented operation as "METHOD path". */
const documented = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((method) => METHODS.includes(method))
    .map((method) => `${method.toUpperCase()} ${path}`),
);

/** Points local references at the document registered under the id "openapi". */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `openapi${value}` : rebase(value)]),
  );
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(rebase({ ...doc, $id: 'openapi' }) as Json, 'openapi');

/** Checks an answer against the schema documented for its path, method and status. */
function expectDocumented(path: string, method: string, response: { statusCode: number; json(): unknown }): void {
  const operation = doc.paths[path]?.[method];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  let documentedResponse = operation.responses[String(response.statusCode)];
  expect(documentedResponse, `${method} ${path} documents status ${response.statusCode}`).toBeDefined();
  if (documentedResponse.$ref) documentedResponse = doc.components.responses[documentedResponse.$ref.split('/').pop()];
  const validate = ajv.compile(rebase(documentedResponse.content['application/json'].schema) as Json);
  const body = response.json();
  expect(validate(body), `${method} ${path} ${response.statusCode}: ${JSON.stringify(validate.errors)} for ${JSON.stringify(body)}`).toBe(true);
}

describe('OpenAPI description', () => {
  let testDb: TestDb;
  let inventory: FastifyInstance;
  const registered: string[] = [];

  beforeAll(async () => {
    // The app's own route registry, with a hook that lists every route as it is added.
    testDb = await createTestDb('sqlite');
    inventory = Fastify({ logger: false });
    inventory.decorate('config', testConfig());
    inventory.decorate('db', testDb.db);
    registerValidation(inventory);
    inventory.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && route.url.startsWith('/api/eta/')) registered.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
      }
    });
    for (const plugin of routes) await inventory.register(plugin);
    await inventory.ready();
  });
  afterAll(async () => {
    await inventory.close();
    await testDb.close();
  });

  it('is an OpenAPI 3.1 document whose schemas compile', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.compile({ $ref: `openapi#/components/schemas/${name}` }), name).not.toThrow();
    }
  });

  it('documents every registered /api/eta/profile route, and only routes that exist', () => {
    const profileRoutes = registered.filter((route) => route.split(' ')[1].startsWith('/api/eta/profile'));
    expect(profileRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of profileRoutes) expect(documented, route).toContain(route);
    for (const operation of documented) expect(registered, operation).toContain(operation);
  });

  it('describes request bodies with the same fields as the schema files that validate them', () => {
    const pairs: [string, string][] = [
      ['RegistrationRequest', 'registration.schema.json'],
      ['EmailRequest', 'api/email-request.schema.json'],
      ['ForgotPasswordRequest', 'forgot-password.schema.json'],
      ['LoginRequest', 'login.schema.json'],
      ['RefreshRequest', 'api/refresh.schema.json'],
      ['LogoutRequest', 'api/logout.schema.json'],
      ['ResetPasswordRequest', 'reset-password.schema.json'],
      ['ChangePasswordRequest', 'change-password.schema.json'],
    ];
    for (const [component, file] of pairs) {
      const schema = JSON.parse(readFileSync(new URL(`../../../schemas/${file}`, import.meta.url), 'utf8'));
      const described = doc.components.schemas[component];
      expect(Object.keys(described.properties).sort(), component).toEqual(Object.keys(schema.properties).sort());
      expect([...(described.required ?? [])].sort(), component).toEqual([...(schema.required ?? [])].sort());
    }
    const verify = JSON.parse(readFileSync(new URL('../../../schemas/api/verify.schema.json', import.meta.url), 'utf8'));
    // The verify body is one of two shapes; together they name exactly the schema file's fields.
    const variantFields = new Set(doc.components.schemas.VerifyRequest.oneOf.flatMap((v: Json) => Object.keys(v.properties)));
    expect([...variantFields].sort()).toEqual(Object.keys(verify.properties).sort());
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

  it('for a whole account journey, errors included', async () => {
    const p = '/api/eta/profile';
    expectDocumented(`${p}/register`, 'post', await post(app, 'register', registrationBody('doc@example.com')));
    expectDocumented(`${p}/register`, 'post', await post(app, 'register', { email: 'x' }));
    const [message] = await waitForMail(app, 'doc@example.com');
    expectDocumented(`${p}/login`, 'post', await post(app, 'login', { email: 'doc@example.com', password: STRONG_PASSWORD }));
    expectDocumented(`${p}/verify`, 'post', await post(app, 'verify', { authKey: 'B'.repeat(43) }));
    expectDocumented(`${p}/verify`, 'post', await post(app, 'verify', { authKey: authKeyOf(message) }));
    expectDocumented(`${p}/verify-email-request`, 'post', await post(app, 'verify-email-request', { email: 'doc@example.com', emailAction: 'VERIFY_EMAIL' }));
    expectDocumented(`${p}/login`, 'post', await post(app, 'login', { email: 'doc@example.com', password: 'Wrong-Pass-1!' }));
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
      await post(app, 'change-password', { currentPassword: 'Wrong-1!', newPassword: 'Brand-New-Pass-5!', confirmPassword: 'Brand-New-Pass-5!' }, { token }),
    );
    expectDocumented(
      `${p}/change-password`,
      'post',
      await post(app, 'change-password', { currentPassword: STRONG_PASSWORD, newPassword: 'Brand-New-Pass-5!', confirmPassword: 'Brand-New-Pass-5!' }, { token }),
    );
    expectDocumented(`${p}/request-password-reset`, 'post', await post(app, 'request-password-reset', { email: 'doc@example.com' }));
    expectDocumented(
      `${p}/reset-password`,
      'post',
      await post(app, 'reset-password', { authKey: 'D'.repeat(43), newPassword: 'Brand-New-Pass-6!', confirmPassword: 'Brand-New-Pass-6!' }),
    );
    expectDocumented(`${p}/logout`, 'post', await post(app, 'logout', {}, { token }));
    expectDocumented(p, 'get', await getProfile(app, token));
    for (let i = 0; i < 10; i++) await post(app, 'login', { email: 'doc@example.com', password: `Wrong-${i}!aA` });
    expectDocumented(`${p}/login`, 'post', await post(app, 'login', { email: 'doc@example.com', password: STRONG_PASSWORD }));
  });
});
