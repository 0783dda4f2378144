import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi/testing/conformance';
import { signIn, type Caller } from '../applications/testing/client';
import { loadConfig } from '../config';
import { buildTestApp } from '../testing/harness';
import { act, applicantOf, createSession, getStatus, linkPhone, startSession, upload } from './testing/capture-client';
import { darkened, validSelfie } from './testing/test-images';

// The document is walked by path and status read from the answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
/** The description as served: openapi.json with the request bodies generated from the schema files. */
const doc: Json = await buildOpenApiDocument();

function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `openapi${v}` : rebase(v),
    ]),
  );
}
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(rebase({ ...doc, $id: 'openapi' }) as Json, 'openapi');

function expectDocumented(path: string, method: string, response: LightMyRequestResponse): void {
  let documented = doc.paths[path]?.[method]?.responses?.[String(response.statusCode)];
  expect(documented, `${method} ${path} documents ${response.statusCode}`).toBeDefined();
  if (documented.$ref) documented = doc.components.responses[documented.$ref.split('/').pop()];
  const validate = ajv.compile(rebase(documented.content['application/json'].schema) as Json);
  expect(
    validate(response.json()),
    `${method} ${path} ${response.statusCode}: ${JSON.stringify(validate.errors)}`,
  ).toBe(true);
}

const STATUS_PATH = '/api/eta/biometrics/capture-session-status/{captureSessionIdentifier}';

describe('capture answers match the OpenAPI description', () => {
  let app: FastifyInstance;
  let ana: Caller;
  beforeAll(async () => {
    app = await buildTestApp({ capture: { ...loadConfig({}).capture, faceCheck: false } });
    ana = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('for starting, reading and moving a session, and for each kind of refusal', async () => {
    const ids = await applicantOf(app, ana);
    const created = await createSession(app, ana, {
      applicationIdentifier: ids.applicationId,
      applicantIdentifier: ids.applicantId,
    });
    expectDocumented('/api/eta/biometrics', 'post', created);
    expectDocumented('/api/eta/biometrics', 'post', await createSession(app, ana, {}));
    const identifier = await startSession(app, ana, ids);
    expectDocumented(STATUS_PATH, 'get', await getStatus(app, identifier));
    expectDocumented(STATUS_PATH, 'get', await getStatus(app, 'x'.repeat(43)));
    const linked = await act(app, identifier, { action: 'LINK_PHONE' });
    expect(linked.json().deviceToken).toBeDefined();
    expectDocumented(STATUS_PATH, 'post', linked);
    const device = linked.json().deviceToken as string;
    expectDocumented(STATUS_PATH, 'get', await getStatus(app, identifier));
    expectDocumented(
      STATUS_PATH,
      'post',
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'passport' }, { device }),
    );
    expectDocumented(
      STATUS_PATH,
      'post',
      await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { device }),
    );
    const rejected = await upload(app, identifier, 'biometrics', await darkened(await validSelfie()), { device });
    expect(rejected.statusCode).toBe(422);
    expectDocumented(STATUS_PATH, 'post', rejected);
    expectDocumented(STATUS_PATH, 'post', await upload(app, identifier, 'biometrics', await validSelfie(), { device }));
    await startSession(app, ana, ids);
    expectDocumented(STATUS_PATH, 'get', await getStatus(app, identifier, { device }));
    expect(await linkPhone(app, await startSession(app, ana, ids))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
