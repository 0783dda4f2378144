import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocumented } from '../openapi/testing/conformance';
import { signIn, type Caller } from '../applications/testing/client';
import { loadConfig } from '../config';
import { buildTestApp } from '../testing/harness';
import { act, applicantOf, createSession, getStatus, linkPhone, startSession, upload } from './testing/capture-client';
import { darkened, validSelfie } from './testing/test-images';

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
