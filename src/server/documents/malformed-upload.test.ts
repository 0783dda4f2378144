import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Caller } from '../applications/testing/client';
import { act, applicantOf, startSession } from '../biometrics/testing/capture-client';
import { translate } from '../i18n';
import { buildTestApp, databases } from '../testing/harness';
import { applicantsAtDocuments, uploadUrl } from './testing/app';
import { pdfFile } from './testing/files';

const BOUNDARY = 'x-boundary-1234';

/** Bodies a careless or hostile client sends as multipart: each is the client's mistake, never the server's. */
async function malformed(): Promise<[string, string, Buffer][]> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const pdf = await pdfFile();
  return [
    ['an unterminated body', `multipart/form-data; boundary=${BOUNDARY}`, Buffer.concat([head, pdf])],
    ['a body cut inside its part headers', `multipart/form-data; boundary=${BOUNDARY}`, head.subarray(0, 40)],
    ['no boundary', 'multipart/form-data', Buffer.concat([head, pdf, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])],
    ['an empty boundary', 'multipart/form-data; boundary=', Buffer.from('--\r\n\r\n')],
  ];
}

describe.each(databases())('malformed multipart bodies on %s', (kind) => {
  let app: FastifyInstance;
  let ana: Caller;
  const logged: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    app = await buildTestApp({
      db: kind,
      logLevel: 'info',
      logStream: { write: (line) => logged.push(JSON.parse(line)) },
    });
    ana = await signIn(app);
  });
  afterAll(() => app?.close());
  afterEach(() => {
    logged.length = 0;
  });

  const expectBadRequest = (response: { statusCode: number; body: string; json(): unknown }, what: string) => {
    expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
    expect(response.json()).toEqual({ error: translate('en', 'api:errors.badRequest'), code: 'BAD_REQUEST' });
    // A client's broken body is no server error: nothing is logged at error level (50) or above.
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  };

  it('answers 400 in the error shape to a document upload or replacement, and logs no error', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    const url = uploadUrl(applicationId, applicantIds[0], 'OTHER');
    for (const [what, contentType, payload] of await malformed()) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${ana.token}` },
      });
      expectBadRequest(response, what);
    }
    const documentUrl = `/api/eta/applications/${applicationId}/documents/00000000-0000-4000-8000-000000000000`;
    for (const [what, contentType, payload] of await malformed()) {
      const response = await app.inject({
        method: 'PUT',
        url: documentUrl,
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${ana.token}` },
      });
      expectBadRequest(response, `replace with ${what}`);
    }
  });

  it('answers 400 in the error shape to a photo sent as a malformed multipart body, and logs no error', async () => {
    const ids = await applicantOf(app, ana);
    const identifier = await startSession(app, ana, ids);
    const started = await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { owner: ana });
    expect(started.statusCode).toBe(200);
    for (const [what, contentType, payload] of await malformed()) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/eta/biometrics/capture-session-status/${identifier}`,
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${ana.token}` },
      });
      expectBadRequest(response, what);
    }
  });
});
