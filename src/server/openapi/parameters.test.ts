import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/contract';
import { addApplicant, call, createApplication, signIn, type Caller } from '../applications/testing/client';
import { buildTestApp } from '../testing/harness';
import { expectDocumented, openApiDocument as doc, type Json } from './testing/conformance';

type App = Awaited<ReturnType<typeof buildTestApp>>;

interface Case {
  /** The documented path of the operation. */
  path: string;
  method: 'get' | 'post';
  /** The URL of the call, from the caller's application and applicant. */
  url: (ids: { guid: string; applicant: string }) => string;
  /** The parameter the call gets wrong: a query parameter is named in `fields`. */
  parameter: { in: 'query' | 'path'; name: string };
}

/**
 * One malformed parameter per area that declares a parameter a string can fail (the payment and submission routes
 * take identifiers only, which any string may be; the route then answers 404 for what names nothing).
 */
const CASES: Record<string, Case> = {
  applications: {
    path: '/api/eta/applications/{guid}/answers/{formId}',
    method: 'get',
    url: ({ guid }) => `/api/eta/applications/${guid}/answers/declarations`,
    parameter: { in: 'query', name: 'applicantIdentifier' },
  },
  documents: {
    path: '/api/eta/applications/{guid}/documents',
    method: 'get',
    url: ({ guid }) => `/api/eta/applications/${guid}/documents?applicantIdentifier=not-an-identifier`,
    parameter: { in: 'query', name: 'applicantIdentifier' },
  },
  biometrics: {
    path: '/api/eta/applicants/{guid}/photos/{photoType}',
    method: 'get',
    url: ({ applicant }) => `/api/eta/applicants/${applicant}/photos/FINGERPRINT`,
    parameter: { in: 'path', name: 'photoType' },
  },
  outcomes: {
    path: '/api/eta/applicants/wallet-link',
    method: 'get',
    url: ({ applicant }) => `/api/eta/applicants/wallet-link?applicantIdentifier=${applicant}&wallet=pigeon`,
    parameter: { in: 'query', name: 'wallet' },
  },
  reference: {
    path: '/api/eta/static/countries',
    method: 'get',
    url: () => '/api/eta/static/countries?lang=not%20a%20language',
    parameter: { in: 'query', name: 'lang' },
  },
};

/** The documented parameter of an operation, shared ones followed. */
function documentedParameter(path: string, method: string, name: string): Json | undefined {
  return (doc.paths[path][method].parameters as Json[])
    .map((p) => (p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!] : p))
    .find((p) => p.name === name);
}

describe('path and query parameters are validated with the schemas the routes declare', () => {
  let app: App;
  let caller: Caller;
  let ids: { guid: string; applicant: string };

  beforeAll(async () => {
    app = await buildTestApp();
    caller = await signIn(app);
    const guid = await createApplication(app, caller);
    ids = { guid, applicant: await addApplicant(app, caller, guid) };
  });
  afterAll(async () => {
    await app.close();
  });

  for (const [area, { path, method, url, parameter }] of Object.entries(CASES)) {
    it(`${area}: a malformed ${parameter.in} parameter ${parameter.name} is refused as documented`, async () => {
      expect(documentedParameter(path, method, parameter.name)?.in).toBe(parameter.in);
      const response = await call(app, caller, method === 'get' ? 'GET' : 'POST', url(ids));
      expectDocumented(path, method, response);
      const body = response.json() as Json;
      expect(Object.keys(body).sort()).toEqual(
        parameter.in === 'query' ? ['code', 'error', 'fields'] : ['code', 'error'],
      );
      if (parameter.in === 'path') {
        // A path its parameters refuse names nothing: the answer of an unknown address.
        expect(response.statusCode).toBe(404);
        expect(body.code).toBe(ERROR_CODES.notFound);
      } else {
        expect(response.statusCode).toBe(400);
        expect(body.code).toBe(ERROR_CODES.validationFailed);
        expect((body.fields as Json[]).map((field) => field.field)).toContain(parameter.name);
      }
    });
  }
});
