// @long-running (tests/support/long-first-sequencer.ts): one of the longest files, started first in its group.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ERRORS } from '../../shared/contract';
import { formatFileSize } from '../../shared/file-size';
import { signIn, type Caller } from '../applications/testing/client';
import { PHOTOS_FOLDER } from '../biometrics/photo-objects';
import { act, applicantOf, startSession, upload } from '../biometrics/testing/capture-client';
import { startPhotoTestApp, type PhotoTestApp } from '../biometrics/testing/photo-app';
import { MAX_FILE_NAME_LENGTH } from '../documents/file-checks';
import {
  applicantsAtDocuments,
  documentUrl,
  startDocumentsTestApp,
  storedDocumentKeys,
  uploadUrl,
  type DocumentsTestApp,
} from '../documents/testing/app';
import { multipartBody, pdfFile, pdfWithAttachment, pdfWithJavaScript, pngBomb } from '../documents/testing/files';
import { translate } from '../i18n';
import type { ObjectStorage } from '../storage/object-storage';
import { startTestS3, type TestS3 } from '../storage/testing/s3';
import { databases, type DatabaseKind } from '../testing/harness';
import {
  ZIP_SIGNATURE,
  executables,
  jpegClaiming,
  markup,
  pdfStreamBomb,
  pngClaiming,
  zipArchive,
} from './testing/hostile-files';

/**
 * Hostile uploads, sent as an attacker sends them: through HTTP, with any bytes, any declared type and any name.
 * Each is refused with the message of its reason, or kept safely (re-encoded, under a generated name, its own
 * name only shown); never a 5xx, and nothing is written to storage for a refused file.
 */

const MAX_BYTES = 2_000_000;
const OBJECT_KEY = /^(documents|photos)\/[0-9a-f]{64}$/;

/** Every key in a storage folder, sorted. */
async function keysIn(storage: ObjectStorage, folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(folder)) keys.push(object.key);
  return keys.sort();
}

const bombs = new Map<'contents' | 'object stream', Promise<Buffer>>();
/** A PDF stream bomb of 512 MiB, made once for all the blocks (making it takes seconds). */
function pdfBomb(as: 'contents' | 'object stream'): Promise<Buffer> {
  if (!bombs.has(as)) bombs.set(as, pdfStreamBomb(512, as));
  return bombs.get(as)!;
}

const targets: { kind: DatabaseKind; store: 'local disk' | 'S3' }[] = [
  ...databases().map((kind) => ({ kind, store: 'local disk' as const })),
  { kind: 'sqlite', store: 'S3' },
];

describe.each(targets)('supporting documents on $kind with $store storage', ({ kind, store }) => {
  let fixture: DocumentsTestApp;
  let s3: TestS3 | undefined;
  let app: FastifyInstance;
  let ana: Caller;
  let url: string;
  let applicationId: string;

  beforeAll(async () => {
    s3 = store === 'S3' ? await startTestS3() : undefined;
    fixture = await startDocumentsTestApp(kind, { DOCUMENT_MAX_BYTES: String(MAX_BYTES), ...s3?.env });
    app = fixture.app;
    ana = await signIn(app);
    const ids = await applicantsAtDocuments(app, ana);
    applicationId = ids.applicationId;
    url = uploadUrl(applicationId, ids.applicantIds[0], 'OTHER');
  });
  afterAll(async () => {
    await fixture?.close();
    await s3?.close();
  });

  /** Sends one file part with the name and the declared type given. */
  const send = (data: Buffer, fileName: string, contentType: string): Promise<LightMyRequestResponse> => {
    const body = multipartBody([{ field: 'file', fileName, contentType, data }]);
    return app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${ana.token}` },
    });
  };

  /** Sends a file that must be refused with `code` and its message, leaving storage as it was. */
  async function expectRefused(data: Buffer, fileName: string, contentType: string, code: string): Promise<void> {
    const before = await storedDocumentKeys(fixture.storage);
    const response = await send(data, fileName, contentType);
    expect(response.statusCode, `${fileName}: ${response.body}`).toBe(422);
    const message = translate('en', `documents:api.${code}`, { size: formatFileSize(MAX_BYTES, 'en') });
    expect(response.json()).toMatchObject({ code, error: message });
    expect(await storedDocumentKeys(fixture.storage)).toEqual(before);
  }

  it.each(Object.entries(executables))(
    'refuses a renamed %s program, whatever its name and declared type',
    async (_name, make) => {
      for (const [fileName, type] of [
        ['photo.jpg', 'image/jpeg'],
        ['scan.png', 'image/png'],
        ['statement.pdf', 'application/pdf'],
      ])
        await expectRefused(make(), fileName, type, DOCUMENT_ERRORS.wrongType);
    },
  );

  it.each(Object.entries(markup))('refuses %s named as a picture', async (_name, make) => {
    await expectRefused(make(), 'picture.png', 'image/png', DOCUMENT_ERRORS.wrongType);
  });

  it('refuses PDFs with JavaScript or an embedded file, which act rather than show', async () => {
    await expectRefused(await pdfWithJavaScript(), 'statement.pdf', 'application/pdf', DOCUMENT_ERRORS.activeContent);
    await expectRefused(await pdfWithAttachment(), 'statement.pdf', 'application/pdf', DOCUMENT_ERRORS.activeContent);
  });

  it('keeps a JPEG with a ZIP archive appended only as a re-encoded picture, without the archive', async () => {
    const jpeg = await jpegClaiming(16, 16);
    const response = await send(Buffer.concat([jpeg, zipArchive()]), 'holiday.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const download = await app.inject({
      method: 'GET',
      url: documentUrl(applicationId, response.json().documentIdentifier),
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(download.rawPayload.includes(ZIP_SIGNATURE)).toBe(false);
  });

  it('refuses pictures that claim or inflate to more pixels than the limit', async () => {
    await expectRefused(await jpegClaiming(60000, 60000), 'huge.jpg', 'image/jpeg', DOCUMENT_ERRORS.unreadable);
    await expectRefused(await pngClaiming(100000, 100000), 'huge.png', 'image/png', DOCUMENT_ERRORS.unreadable);
    await expectRefused(await pngBomb(), 'bomb.png', 'image/png', DOCUMENT_ERRORS.unreadable);
  });

  it('refuses a PDF whose streams inflate to half a gigabyte, in its pages or in an object stream', async () => {
    for (const as of ['contents', 'object stream'] as const) {
      const bomb = await pdfBomb(as);
      const started = Date.now();
      await expectRefused(bomb, 'statement.pdf', 'application/pdf', DOCUMENT_ERRORS.unreadable);
      // Refused without inflating all of it (the parser took tens of seconds, holding every other request).
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  }, 120_000);

  it('refuses an empty file and one over the limit', async () => {
    await expectRefused(Buffer.alloc(0), 'empty.pdf', 'application/pdf', DOCUMENT_ERRORS.empty);
    const big = Buffer.concat([await pdfFile(), Buffer.alloc(MAX_BYTES, 0x20)]);
    await expectRefused(big, 'big.pdf', 'application/pdf', DOCUMENT_ERRORS.tooBig);
  });

  it('stores a file under a generated name whatever it was called, and only shows the name, cleaned', async () => {
    const names = [
      '../../etc/passwd.pdf',
      'C:\\x\\y.pdf',
      '..\\..\\boot.ini.pdf',
      'nul\u0000byte.pdf',
      'invoice\u202Efdp.exe',
      '<img src=x onerror=alert(1)>.pdf',
      `${'a'.repeat(1000)}.pdf`,
    ];
    for (const name of names) {
      // A different file each time: the same file sent again for the same document is the one already kept.
      const response = await send(await pdfFile(`Statement ${names.indexOf(name)}`), name, 'application/pdf');
      expect(response.statusCode, `${JSON.stringify(name)}: ${response.body}`).toBe(201);
      const shown: string = response.json().fileName;
      for (const unsafe of ['/', '\\', '\u0000', '\u202E']) expect(shown).not.toContain(unsafe);
      expect([...shown].length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
      const download = await app.inject({
        method: 'GET',
        url: documentUrl(applicationId, response.json().documentIdentifier),
        headers: { authorization: `Bearer ${ana.token}` },
      });
      // The download is saved under a name the server chose.
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="other-[0-9a-f]{8}\.pdf"$/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
    }
    const rows = await app.db.selectFrom('applicant_documents').select(['storage_key', 'file_name']).execute();
    for (const row of rows) expect(row.storage_key).toMatch(OBJECT_KEY);
    for (const key of await storedDocumentKeys(fixture.storage)) expect(key).toMatch(OBJECT_KEY);
    // The displayed names are the last part of each path, the markup kept as text to be shown escaped.
    const shownNames = rows.map((row) => row.file_name);
    expect(shownNames).toEqual(expect.arrayContaining(['passwd.pdf', 'y.pdf', 'boot.ini.pdf']));
    expect(shownNames).toContain('<img src=x onerror=alert(1)>.pdf');
  });
});

describe.each(databases())('photos on %s', (kind) => {
  let fixture: PhotoTestApp;
  let app: FastifyInstance;
  let ana: Caller;

  beforeAll(async () => {
    fixture = await startPhotoTestApp(kind, 'hostile-photos');
    app = fixture.app;
    ana = await signIn(app);
  });
  afterAll(() => fixture?.close());

  /** Sends a selfie on a fresh applicant's session, as the owner's own browser does. */
  async function sendSelfie(image: Buffer): Promise<LightMyRequestResponse> {
    const ids = await applicantOf(app, ana);
    const identifier = await startSession(app, ana, ids);
    await act(app, identifier, { action: 'START_CAPTURE', captureType: 'biometrics' }, { owner: ana });
    return upload(app, identifier, 'biometrics', image, { owner: ana });
  }

  async function expectRefused(image: Buffer, code: string): Promise<void> {
    const before = await keysIn(fixture.storage, PHOTOS_FOLDER);
    const response = await sendSelfie(image);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code, error: translate('en', `capture:errors.${code}`) });
    expect(await keysIn(fixture.storage, PHOTOS_FOLDER)).toEqual(before);
  }

  it('refuses programs, scripts and markup sent as a photo', async () => {
    for (const make of [...Object.values(executables), ...Object.values(markup)])
      await expectRefused(make(), 'IMAGE_TYPE_NOT_ALLOWED');
  });

  it('refuses photos that claim or inflate to more pixels than the limit, before decoding them', async () => {
    await expectRefused(await jpegClaiming(60000, 60000), 'IMAGE_TOO_LARGE');
    await expectRefused(await pngClaiming(100000, 100000), 'IMAGE_TOO_LARGE');
    await expectRefused(await pngBomb(), 'IMAGE_TOO_LARGE');
  });

  it('refuses an empty photo and one over the size limit', async () => {
    // An empty image is a malformed request, refused on its field like any other.
    const before = await keysIn(fixture.storage, PHOTOS_FOLDER);
    const empty = await sendSelfie(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([
      { field: 'image', key: 'capture:validation.image', message: translate('en', 'capture:validation.image') },
    ]);
    expect(await keysIn(fixture.storage, PHOTOS_FOLDER)).toEqual(before);
    const tooBig = Buffer.concat([fixture.photos.selfie, Buffer.alloc(app.config.capture.maxUploadBytes)]);
    await expectRefused(tooBig, 'IMAGE_TOO_LARGE');
  });

  it('keeps a selfie with a ZIP archive appended only as a re-encoded JPEG, under a generated name', async () => {
    const response = await sendSelfie(Buffer.concat([fixture.photos.selfie, zipArchive()]));
    expect(response.statusCode, response.body).toBe(200);
    const keys = await keysIn(fixture.storage, PHOTOS_FOLDER);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(OBJECT_KEY);
      const stored = (await fixture.storage.get(key))!;
      expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(stored.includes(ZIP_SIGNATURE)).toBe(false);
    }
  });
});
