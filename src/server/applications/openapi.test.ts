import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocumented, openApiDocument } from '../openapi/testing/conformance';
import { buildTestApp, TEST_SCHEMAS_DIR } from '../testing/harness';
import {
  addApplicant,
  advanceTo,
  call,
  completeStepsBetween,
  createApplication,
  signIn,
  validApplicationForm,
  validDeclarations,
} from './testing/client';

const doc = openApiDocument;

describe('OpenAPI description of the application calls', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('describes the create body with the fields of schemas/create-application.schema.json', () => {
    const schema = JSON.parse(readFileSync(join(TEST_SCHEMAS_DIR, 'create-application.schema.json'), 'utf8'));
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
    // Any step between the application form and the declarations (an editor's), completed from its form's example.
    await completeStepsBetween(app, caller, guid, applicant, 'APPLICATION_FORM', 'DECLARATION');
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
