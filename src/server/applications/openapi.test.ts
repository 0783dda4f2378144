import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi/testing/conformance';
import { buildTestApp } from '../testing/harness';
import {
  addApplicant,
  advanceTo,
  call,
  createApplication,
  signIn,
  validApplicationForm,
  validDeclarations,
} from './testing/client';

// The document is walked by path and status read from the answers: typing every level would say nothing more.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
/** The description as served: openapi.json with the request bodies generated from the schema files. */
const doc: Json = await buildOpenApiDocument();

function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `openapi${value}` : rebase(value),
    ]),
  );
}
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(rebase({ ...doc, $id: 'openapi' }) as Json, 'openapi');

function expectDocumented(path: string, method: string, response: LightMyRequestResponse): void {
  let documented = doc.paths[path]?.[method]?.responses?.[String(response.statusCode)];
  expect(documented, `${method} ${path} documents status ${response.statusCode}`).toBeDefined();
  if (documented.$ref) documented = doc.components.responses[documented.$ref.split('/').pop()];
  const validate = ajv.compile(rebase(documented.content['application/json'].schema) as Json);
  expect(
    validate(response.json()),
    `${method} ${path} ${response.statusCode}: ${JSON.stringify(validate.errors)}`,
  ).toBe(true);
}

describe('OpenAPI description of the application calls', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('describes the create body with the fields of schemas/create-application.schema.json', () => {
    const schema = JSON.parse(
      readFileSync(new URL('../../../schemas/create-application.schema.json', import.meta.url), 'utf8'),
    );
    const described = doc.components.schemas.CreateApplicationRequest;
    expect(Object.keys(described.properties).sort()).toEqual(Object.keys(schema.properties).sort());
    expect([...described.required].sort()).toEqual([...schema.required].sort());
  });

  it('matches the answers of a journey, errors included', async () => {
    const caller = await signIn(app);
    expectDocumented('/api/eta/applications', 'get', await call(app, undefined, 'GET', '/api/eta/applications'));
    expectDocumented(
      '/api/eta/applications',
      'post',
      await call(app, caller, 'POST', '/api/eta/applications', { applyingFor: 'NOBODY' }),
    );
    expectDocumented(
      '/api/eta/applications',
      'post',
      await call(app, caller, 'POST', '/api/eta/applications', { applicationType: 'ETA', applyingFor: 'SELF' }),
    );
    const guid = await createApplication(app, caller);
    const applicant = await addApplicant(app, caller, guid, { passportNumber: 'DOC123456' });
    await addApplicant(app, caller, guid, { isAccountHolder: false, relationship: 'CHILD' });
    expectDocumented('/api/eta/applications', 'get', await call(app, caller, 'GET', '/api/eta/applications'));

    const declarations = { applicationIdentifier: guid, applicantIdentifier: applicant, answers: validDeclarations() };
    expectDocumented(
      '/api/eta/declarations',
      'put',
      await call(app, caller, 'PUT', '/api/eta/declarations', declarations),
    );
    expectDocumented(
      '/api/eta/declarations',
      'put',
      await call(app, caller, 'PUT', '/api/eta/declarations', { ...declarations, applicantIdentifier: guid }),
    );
    await advanceTo(app, applicant, 'APPLICATION_FORM');
    await call(app, caller, 'PUT', `/api/eta/application-details/${guid}`, {
      applicantIdentifier: applicant,
      answers: validApplicationForm({ passportNumber: 'DOC123456' }),
    });
    expectDocumented(
      '/api/eta/declarations',
      'put',
      await call(app, caller, 'PUT', '/api/eta/declarations', { ...declarations, answers: {} }),
    );
    const saved = await call(app, caller, 'PUT', '/api/eta/declarations', declarations);
    expect(saved.statusCode).toBe(200);
    expectDocumented('/api/eta/declarations', 'put', saved);
  });
});
