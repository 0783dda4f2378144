import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ERRORS } from '../../shared/contract';
import { call, type Caller } from '../applications/testing/client';
import { translate } from '../i18n';
import { expectDocumented } from '../openapi/testing/conformance';
import type { ObjectStorage } from '../storage/object-storage';
import { formatFileSize } from '../../shared/file-size';
import { databases } from '../testing/harness';
import { applicantsAtDocuments, storedDocumentKeys, uploadUrl, useDocumentsTestApp } from './testing/app';
import {
  eicarFile,
  elfFile,
  encryptedPdf,
  multipartBody,
  mzFile,
  pdfFile,
  pdfWithAttachment,
  pdfWithJavaScript,
  pngBomb,
  sendFile,
} from './testing/files';

const DOCS = '/api/eta/applications/{guid}/documents';
const MAX_BYTES = 500_000;

describe.each(databases())('files the documents step refuses, on %s', (kind) => {
  let app: FastifyInstance;
  let storage: ObjectStorage;
  let ana: Caller;
  useDocumentsTestApp(kind, (started) => ({ app, storage, ana } = started), { DOCUMENT_MAX_BYTES: String(MAX_BYTES) });
  let url: string;

  beforeAll(async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    url = uploadUrl(applicationId, applicantIds[0], 'OTHER');
  });

  const refused = async (data: Buffer, fileName: string, code: string, lang = 'en') => {
    const response = await sendFile(app, ana, 'POST', url, data, fileName, lang);
    expect(response.statusCode, response.body).toBe(422);
    expectDocumented(DOCS, 'post', response);
    const key = `documents:api.${code}`;
    const message = translate(lang, key, { size: formatFileSize(MAX_BYTES, lang) });
    expect(response.json()).toEqual({ error: message, code, fields: [{ field: 'file', key, message }] });
    return response;
  };

  it('refuses each bad file with its own message and stores nothing', async () => {
    const before = await storedDocumentKeys(storage);
    await refused(Buffer.alloc(0), 'empty.pdf', DOCUMENT_ERRORS.empty);
    await refused(Buffer.alloc(MAX_BYTES + 1, 0x25), 'big.pdf', DOCUMENT_ERRORS.tooBig);
    await refused(elfFile(), 'x.pdf', DOCUMENT_ERRORS.wrongType);
    await refused(mzFile(), 'invoice.pdf', DOCUMENT_ERRORS.wrongType);
    await refused(Buffer.from('just some text, named as a picture'), 'photo.jpg', DOCUMENT_ERRORS.wrongType);
    await refused(await pngBomb(), 'bomb.png', DOCUMENT_ERRORS.unreadable);
    await refused(encryptedPdf(), 'locked.pdf', DOCUMENT_ERRORS.passwordProtected);
    await refused(await pdfWithJavaScript(), 'script.pdf', DOCUMENT_ERRORS.activeContent);
    await refused(await pdfWithAttachment(), 'attached.pdf', DOCUMENT_ERRORS.activeContent);
    await refused(Buffer.from('%PDF-1.7\nnot really a pdf at all\n%%EOF\n'), 'broken.pdf', DOCUMENT_ERRORS.unreadable);
    // A JPEG's first bytes followed by nothing that decodes.
    await refused(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]),
      'x.jpg',
      'DOCUMENT_UNREADABLE',
    );
    expect(await storedDocumentKeys(storage)).toEqual(before);
  });

  it('names the EICAR test file as a virus, even though it is not a PDF', async () => {
    await refused(eicarFile(), 'eicar.pdf', DOCUMENT_ERRORS.virus);
    await refused(Buffer.concat([await pdfFile(), eicarFile()]), 'hidden.pdf', DOCUMENT_ERRORS.virus);
  });

  it('says so in the user’s language, with the configured size', async () => {
    const response = await refused(Buffer.alloc(MAX_BYTES + 1, 1), 'big.pdf', DOCUMENT_ERRORS.tooBig, 'fr');
    expect(response.json().error).toBe('Le fichier sélectionné doit faire moins de 500\u202fko');
    await refused(eicarFile(), 'eicar.pdf', DOCUMENT_ERRORS.virus, 'ar');
    await refused(elfFile(), 'x.pdf', DOCUMENT_ERRORS.wrongType, 'zh');
  });

  it('asks for a file when none is sent, and for a known type', async () => {
    const plain = await call(app, ana, 'POST', url, {});
    expect(plain.statusCode).toBe(422);
    expect(plain.json().code).toBe(DOCUMENT_ERRORS.fileMissing);
    expect(plain.json().error).toBe('Select a file');
    const { payload, contentType } = multipartBody([{ field: 'note', data: Buffer.from('hello') }]);
    const noFile = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${ana.token}` },
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().code).toBe(DOCUMENT_ERRORS.fileMissing);

    const unknown = await sendFile(app, ana, 'POST', url.replace('=OTHER', '=PASSPORT_SCAN'), await pdfFile());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(DOCUMENT_ERRORS.typeUnknown);
    expectDocumented(DOCS, 'post', unknown);
    // A type of the rules that does not apply to this applicant (an ETA asks for no proof of funds).
    const notAsked = await sendFile(app, ana, 'POST', url.replace('=OTHER', '=PROOF_OF_FUNDS'), await pdfFile());
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json().code).toBe(DOCUMENT_ERRORS.typeUnknown);
    const badQuery = await sendFile(app, ana, 'POST', url.replace('=OTHER', '=lower case'), await pdfFile());
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().code).toBe('VALIDATION_FAILED');
  });
});
