// @long-running (tests/support/long-first-sequencer.ts): one of the longest files, started first in its group.
import { appendFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../accounts/tokens';
import { openApiAjv, openApiDocument } from '../../openapi/testing/conformance';
import { readyApplication } from '../../payments/testing/client';
import { signIn, type Caller } from '../../applications/testing/client';
import { buildTestApp } from '../../testing/harness';
import { watchChanges } from './change-counter';
import { fuzzedEndpoints, operationKey, selectedOperations, SKIPPED, type FuzzedEndpoint } from './endpoints';
import { requestArbitrary, type Family, type FixtureIds, type FuzzRequest } from './requests';

// Property-based fuzzing of every JSON endpoint the OpenAPI document describes: never a 5xx, never a status or a
// shape the document does not describe, never a stored change after a refusal. The unit suite runs it on SQLite only
// (the change counter is a SQLite connection's TEMP triggers; the endpoints' SQL runs on PostgreSQL in their own
// tests). FUZZ_RUNS sets the cases per endpoint and family (default 200; `npm run bench` runs 1,000); a failure prints fast-check's seed and
// path, which replay it with fc.assert's { seed, path }. FUZZ_LOG=<file> appends every request before it is sent (to
// find an input that stalls the server); FUZZ_NO_SHRINK=1 reports the first failure as found, without shrinking.

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const doc = openApiDocument;
const endpoints = fuzzedEndpoints(doc);

/** Answers every operation may give although it does not list them: added by the document to each (document.ts). */
const GENERIC_ANSWERS: Record<number, string> = {
  400: 'BadRequest',
  413: 'PayloadTooLarge',
  414: 'UriTooLong',
  500: 'InternalError',
};

const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The JSON pointer of the response documented for an operation and status, or undefined when there is none. */
function responsePointer(endpoint: FuzzedEndpoint, status: number): string | undefined {
  const method = endpoint.method.toLowerCase();
  const documented = doc.paths[endpoint.path][method].responses[String(status)];
  if (documented?.$ref) return documented.$ref;
  if (documented) return `#/paths/${escape(endpoint.path)}/${method}/responses/${status}`;
  return GENERIC_ANSWERS[status] ? `#/components/responses/${GENERIC_ANSWERS[status]}` : undefined;
}

const validators = new Map<string, ValidateFunction>();

/** A validator of the JSON body documented at a response pointer. */
function validatorOf(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = openApiAjv.compile({ $ref: `openapi${pointer}/content/application~1json/schema` });
    validators.set(pointer, validate);
  }
  return validate;
}

/** Resolves a pointer such as `#/components/responses/BadRequest` in the document. */
function at(pointer: string) {
  return pointer
    .slice(2)
    .split('/')
    .reduce((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** Fails unless the answer's status and body are the ones documented for the operation. */
function expectDocumentedAnswer(endpoint: FuzzedEndpoint, response: LightMyRequestResponse, label: string): void {
  const pointer = responsePointer(endpoint, response.statusCode);
  expect(
    pointer,
    `${label}: status ${response.statusCode} is not documented (${response.body.slice(0, 300)})`,
  ).toBeDefined();
  const documented = at(pointer as string);
  const mediaType = String(response.headers['content-type'] ?? '').split(';')[0];
  if (response.body.length === 0) return;
  expect(
    Object.keys(documented?.content ?? {}),
    `${label}: ${response.statusCode} answered ${mediaType || 'no type'} (${response.body.slice(0, 200)})`,
  ).toContain(mediaType);
  if (mediaType !== 'application/json') return;
  const validate = validatorOf(pointer as string);
  const body = response.json();
  expect(
    validate(body),
    `${label}: ${response.statusCode} ${JSON.stringify(validate.errors)} for ${JSON.stringify(body).slice(0, 500)}`,
  ).toBe(true);
}

describe('fuzzing every JSON endpoint (SQLite)', () => {
  let app: FastifyInstance;
  let caller: Caller;
  let ids: FixtureIds;
  let snapshot: () => Promise<string>;

  beforeAll(async () => {
    // Throttles raised out of reach: a client that keeps getting 429 would hide every other answer.
    app = await buildTestApp({
      env: { CLIENT_LOGIN_FAILURE_LIMIT: '1000000', CLIENT_CODE_ENTRY_LIMIT: '1000000', CLIENT_EMAIL_LIMIT: '1000000' },
    });
    caller = await signIn(app);
    const own = await readyApplication(app, caller, 2);
    const other = await readyApplication(app, await signIn(app));
    ids = {
      applications: [own.guid],
      applicants: own.applicants,
      othersApplications: [other.guid],
      othersApplicants: other.applicants,
    };
    snapshot = (await watchChanges(app.db)).snapshot;
  });

  afterAll(async () => {
    await app?.close();
  });

  /** The request's headers, with a fresh session when signed in: a logout or a password change cannot end the next. */
  async function withSession(request: FuzzRequest): Promise<Record<string, string>> {
    if (!request.signedIn) return request.headers;
    const session = await startSession(app.db, app.config, caller.profileId, new Date());
    return { ...request.headers, authorization: `Bearer ${session.accessToken}` };
  }

  /** Sends one request with the headers given. */
  function send(
    method: FuzzedEndpoint['method'],
    request: FuzzRequest,
    headers: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  }

  it('fuzzes the operations the document describes, and names a reason for each one it leaves out', () => {
    expect(endpoints.length).toBeGreaterThan(0);
    const selected = selectedOperations(doc).map((e) => operationKey(e.method, e.path));
    for (const [key, reason] of Object.entries(SKIPPED)) {
      expect(selected, `${key} is skipped but not in the document`).toContain(key);
      expect(reason.trim(), `${key} is skipped without a reason`).not.toBe('');
    }
    expect(endpoints.length + Object.keys(SKIPPED).length).toBe(selected.length);
  });

  const families: Family[] = ['schema', 'arbitrary'];
  for (const endpoint of endpoints) {
    for (const family of families) {
      const key = operationKey(endpoint.method, endpoint.path);
      it(
        `${key}: ${family === 'schema' ? 'values from its schema, sometimes broken' : 'any JSON, any text'}`,
        async () => {
          await fc.assert(
            fc.asyncProperty(requestArbitrary(doc, endpoint, ids, family), async (request) => {
              const label = `${key} ${request.signedIn ? 'signed in' : 'anonymous'} ${request.url.slice(0, 200)}`;
              if (process.env.FUZZ_LOG) appendFileSync(process.env.FUZZ_LOG, `${key} ${JSON.stringify(request)}\n`);
              const headers = await withSession(request);
              // Work an earlier call left for after its answer (an e-mail) is done before this call is counted from.
              await app.afterAnswer.settled();
              const before = await snapshot();
              const response = await send(endpoint.method, request, headers);
              expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
              expectDocumentedAnswer(endpoint, response, label);
              if (response.statusCode >= 400) {
                await app.afterAnswer.settled();
                expect(await snapshot(), `${label}: ${response.statusCode} but stored rows changed`).toBe(before);
              }
            }),
            { numRuns: RUNS, timeout: 10_000, endOnFailure: process.env.FUZZ_NO_SHRINK === '1' },
          );
        },
        60_000 + RUNS * 200,
      );
    }
  }
});
