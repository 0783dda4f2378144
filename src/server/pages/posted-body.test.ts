import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import uiJson from '../../../schemas/application-form.ui.json';
import schemaJson from '../../../schemas/application-form.schema.json';
import { ROUTER_CONTEXT_COOKIE } from '../../shared/router-context-cookie';
import { translate } from '../i18n';
import { addApplicant, advanceTo, createApplication, signIn } from '../applications/testing/client';
import { cookiesOf, startPageApp } from './testing/page-app';
import { CSRF_COOKIE, CSRF_FIELD } from './csrf';
import { AUTH_TOKEN_COOKIE } from './session';

// Forms posted to pages are read by their forms: never more fields, bytes or files than the page's form can have,
// and a list never longer than one item beyond its most; what is refused is refused before it is read whole.

/** The page of the application form that asks a list, and the list, read from the configuration. */
const listField = Object.entries(schemaJson.properties).find(
  ([, schema]) => (schema as { type?: string }).type === 'array',
) as [string, { maxItems: number }];
const listPage = uiJson['ui:pages'].find((page) => page.fields.includes(listField[0]))!;

function multipart(parts: { name: string; value: string | Buffer; fileName?: string }[]) {
  const boundary = '----eta-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.fileName ? `; filename="${part.fileName}"\r\nContent-Type: image/jpeg` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

describe('forms posted to pages', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie: string;
  let token: string;
  let formAddress: string;

  beforeAll(async () => {
    ({ app, close } = await startPageApp());
    const caller = await signIn(app);
    const applicationId = await createApplication(app, caller);
    const applicantId = await addApplicant(app, caller, applicationId);
    await advanceTo(app, applicantId, 'APPLICATION_FORM');
    formAddress = `/applications/application/${listPage.id}?applicantIdentifier=${applicantId}`;
    const session = [
      `${AUTH_TOKEN_COOKIE}=${caller.token}`,
      `${ROUTER_CONTEXT_COOKIE}=${encodeURIComponent(JSON.stringify({ applicationIdentifier: applicationId }))}`,
    ].join('; ');
    const page = await app.inject({
      method: 'GET',
      url: formAddress,
      headers: { accept: 'text/html', cookie: session },
    });
    expect(page.statusCode).toBe(200);
    cookie = `${session}; ${cookiesOf(page.headers)}`;
    token = decodeURIComponent(/eta\.csrf=([^;]+)/.exec(cookie)?.[1] ?? '');
    expect(cookie).toContain(`${CSRF_COOKIE}=`);
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  const postFields = (url: string, fields: [string, string][], headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { accept: 'text/html', cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it('refuses a list posted with more items than its form can have, before drawing it, in words', async () => {
    // 32,000 items are more bytes than any form of fields; 2,000 fit those bytes but not the form's fields.
    for (const [count, key] of [
      [32_000, 'api:errors.payloadTooLarge'],
      [2_000, 'api:errors.bodyTooComplex'],
    ] as const) {
      const items = Array.from({ length: count }, (_, i): [string, string] => [`${listField[0]}.${i}`, 'FR']);
      const answer = await postFields(formAddress, [[CSRF_FIELD, token], ['_page', listPage.id], ...items]);
      expect(answer.statusCode).toBe(413);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      expect(answer.body).toBe(translate('en', key));
    }
  });

  it('shows a list one item longer than its most with the form’s own message, drawing no more than that', async () => {
    const most = listField[1].maxItems;
    const items = Array.from({ length: most + 40 }, (_, i): [string, string] => [`${listField[0]}.${i * 7}`, 'FR']);
    // Within the fields the form can have, but more items than the list may hold.
    const answer = await postFields(formAddress, [[CSRF_FIELD, token], ['_page', listPage.id], ...items.slice(0, 60)]);
    expect(answer.statusCode).toBe(200);
    const drawn = answer.body.match(new RegExp(`name="${listField[0]}\\.\\d+"`, 'g')) ?? [];
    expect(drawn.length).toBe(most + 1);
    expect(answer.body).toContain(translate('en', 'validation:generic.tooLong'));
  });

  it('refuses a form of fields over its bytes, and files where the page takes none, without reading them', async () => {
    const long = await postFields('/login', [
      [CSRF_FIELD, token],
      ['email', 'a'.repeat(200 * 1024)],
    ]);
    expect(long.statusCode).toBe(413);
    const { body, type } = multipart([
      { name: CSRF_FIELD, value: token },
      { name: 'photo', value: Buffer.alloc(2 * 1024 * 1024), fileName: 'photo.jpg' },
    ]);
    const files = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { accept: 'text/html', cookie, 'content-type': type },
      payload: body,
    });
    expect(files.statusCode).toBe(400);
    expect(files.body).toBe(translate('en', 'api:errors.badRequest'));
  });

  it('reads no file of a form whose token has not come first and right', async () => {
    const wrong = multipart([
      { name: CSRF_FIELD, value: `${token}x` },
      { name: 'photo', value: Buffer.alloc(1024), fileName: 'photo.jpg' },
    ]);
    const late = multipart([
      { name: 'photo', value: Buffer.alloc(1024), fileName: 'photo.jpg' },
      { name: CSRF_FIELD, value: token },
    ]);
    for (const { body, type } of [wrong, late]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/capture/capture-biometrics',
        headers: { accept: 'text/html', cookie, 'content-type': type },
        payload: body,
      });
      expect(answer.statusCode).toBe(403);
    }
  });

  it('answers a page that needs a session without reading a post from a visitor without one', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: formAddress,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${CSRF_FIELD}=x&${listField[0]}.0=FR`,
    });
    expect([302, 303]).toContain(answer.statusCode);
    expect(answer.headers.location).toMatch(/^\/login\?/);
  });
});
