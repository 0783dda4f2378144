import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addApplicant, call, type Caller } from '../applications/testing/client';
import { expectDocumented } from '../openapi/testing/conformance';
import type { ObjectStorage } from '../storage/object-storage';
import { databases } from '../testing/harness';
import { removeOrphanedDocuments } from './objects';
import {
  applicantsAtDocuments,
  documentsUrl,
  documentUrl,
  storedDocumentKeys,
  uploadUrl,
  useDocumentsTestApp,
} from './testing/app';
import { jpegWithExif, pdfFile, pngFile, sendFile } from './testing/files';

const DOCS = '/api/eta/applications/{guid}/documents';
const ONE = `${DOCS}/{documentGuid}`;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(databases())('supporting documents on %s', (kind) => {
  let app: FastifyInstance;
  let storage: ObjectStorage;
  let ana: Caller;
  useDocumentsTestApp(kind, (started) => ({ app, storage, ana } = started));

  const list = async (applicationId: string, applicantId: string) => {
    const response = await call(app, ana, 'GET', documentsUrl(applicationId, `?applicantIdentifier=${applicantId}`));
    expect(response.statusCode, response.body).toBe(200);
    expectDocumented(DOCS, 'get', response);
    return response.json();
  };
  const upload = async (applicationId: string, applicantId: string, type: string, data: Buffer, name?: string) => {
    const response = await sendFile(app, ana, 'POST', uploadUrl(applicationId, applicantId, type), data, name);
    expect(response.statusCode, response.body).toBe(201);
    expectDocumented(DOCS, 'post', response);
    return response.json();
  };

  it('lists what is asked for, takes a PDF, serves it back as an attachment, and completes the step', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    const [holder] = applicantIds;
    const before = await list(applicationId, holder);
    expect(before).toMatchObject({
      applicantIdentifier: holder,
      requirements: [
        { documentType: 'PROOF_OF_ACCOMMODATION', required: true, files: [] },
        { documentType: 'OTHER', required: false, files: [] },
      ],
      reusable: [],
      complete: false,
      maxFileBytes: 5_000_000,
      acceptedTypes: ['application/pdf', 'image/jpeg', 'image/png'],
    });

    const missing = await call(app, ana, 'POST', documentUrl(applicationId, 'complete'), {
      applicantIdentifier: holder,
    });
    expect(missing.statusCode).toBe(400);
    expectDocumented(`${DOCS}/complete`, 'post', missing);
    expect(missing.json()).toMatchObject({
      code: 'DOCUMENTS_MISSING',
      fields: [{ field: 'PROOF_OF_ACCOMMODATION', key: 'documents:api.documentMissing' }],
    });
    expect(missing.json().fields[0].message).toContain('Proof of accommodation');

    const pdf = await pdfFile();
    const stored = await upload(
      applicationId,
      holder,
      'PROOF_OF_ACCOMMODATION',
      pdf,
      'C:\\Users\\me\\hotel\u202egpj.pdf',
    );
    expect(stored).toMatchObject({
      documentType: 'PROOF_OF_ACCOMMODATION',
      fileName: 'hotelgpj.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      sha256: sha256(pdf),
    });
    const after = await list(applicationId, holder);
    expect(after.complete).toBe(true);
    expect(after.requirements[0].files).toEqual([stored]);

    const download = await call(app, ana, 'GET', documentUrl(applicationId, stored.documentIdentifier));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="proof-of-accommodation-${stored.documentIdentifier.slice(0, 8)}.pdf"`,
    );
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const done = await call(app, ana, 'POST', documentUrl(applicationId, 'complete'), { applicantIdentifier: holder });
    expect(done.statusCode, done.body).toBe(200);
    expectDocumented(`${DOCS}/complete`, 'post', done);
    expect(done.json()).toEqual({
      applicationIdentifier: applicationId,
      applicantIdentifier: holder,
      step: 'AWAITING_PAYMENT',
    });
  });

  it('stores a file sent again for the same document once (a retry after a lost answer)', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    const [holder] = applicantIds;
    const pdf = await pdfFile('Hotel booking');
    const first = await upload(applicationId, holder, 'PROOF_OF_ACCOMMODATION', pdf, 'booking.pdf');
    const keysBefore = await storedDocumentKeys(storage);
    const again = await upload(applicationId, holder, 'PROOF_OF_ACCOMMODATION', pdf, 'booking.pdf');
    expect(again).toEqual(first);
    const listed = await list(applicationId, holder);
    expect(listed.requirements[0].files).toEqual([first]);
    expect(await storedDocumentKeys(storage)).toEqual(keysBefore);
    // The same bytes as another document are a file of that document too.
    const other = await upload(applicationId, holder, 'OTHER', pdf, 'booking.pdf');
    expect(other.documentIdentifier).not.toBe(first.documentIdentifier);
  });

  it('keeps several files per type, replaces one under the same identifier, and deletes one', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    const [holder] = applicantIds;
    const first = await upload(applicationId, holder, 'OTHER', await pdfFile('one'));
    const second = await upload(applicationId, holder, 'OTHER', await pngFile(), 'scan.png');
    expect(second.contentType).toBe('image/png');
    expect((await list(applicationId, holder)).requirements[1].files).toHaveLength(2);

    const keysBefore = await storedDocumentKeys(storage);
    const replacement = await pdfFile('two');
    const replaced = await sendFile(
      app,
      ana,
      'PUT',
      documentUrl(applicationId, first.documentIdentifier),
      replacement,
      'new.pdf',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expectDocumented(ONE, 'put', replaced);
    expect(replaced.json()).toMatchObject({
      documentIdentifier: first.documentIdentifier,
      documentType: 'OTHER',
      fileName: 'new.pdf',
      sha256: sha256(replacement),
    });
    // The replaced file's object is gone, the new one is there.
    const keysAfter = await storedDocumentKeys(storage);
    expect(keysAfter).toHaveLength(keysBefore.length);
    expect(keysAfter).not.toEqual(keysBefore);
    const download = await call(app, ana, 'GET', documentUrl(applicationId, first.documentIdentifier));
    expect(download.rawPayload.equals(replacement)).toBe(true);

    const removed = await call(app, ana, 'DELETE', documentUrl(applicationId, second.documentIdentifier));
    expect(removed.statusCode).toBe(204);
    expect(await storedDocumentKeys(storage)).toHaveLength(keysAfter.length - 1);
    const gone = await call(app, ana, 'GET', documentUrl(applicationId, second.documentIdentifier));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('DOCUMENT_NOT_FOUND');
    expect((await list(applicationId, holder)).requirements[1].files).toEqual([replaced.json()]);
  });

  it('offers a file of one applicant to the others, shares its object, and deletes it with its last row', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana, 2);
    const [holder, spouse] = applicantIds;
    const original = await upload(applicationId, holder, 'PROOF_OF_ACCOMMODATION', await pdfFile('hotel'));
    const offered = await list(applicationId, spouse);
    expect(offered.reusable).toEqual([original]);
    expect((await list(applicationId, holder)).reusable).toEqual([]);

    const keys = await storedDocumentKeys(storage);
    const reused = await call(app, ana, 'POST', documentUrl(applicationId, original.documentIdentifier, '/reuse'), {
      applicantIdentifier: spouse,
      documentType: 'PROOF_OF_ACCOMMODATION',
    });
    expect(reused.statusCode, reused.body).toBe(201);
    expectDocumented(`${ONE}/reuse`, 'post', reused);
    expect(reused.json()).toMatchObject({ sha256: original.sha256, fileName: original.fileName });
    expect(reused.json().documentIdentifier).not.toBe(original.documentIdentifier);
    expect(await storedDocumentKeys(storage)).toEqual(keys);
    const spouseView = await list(applicationId, spouse);
    expect(spouseView.complete).toBe(true);
    expect(spouseView.reusable).toEqual([]);

    // The first row goes: the object stays for the second; the second goes: the object goes.
    await call(app, ana, 'DELETE', documentUrl(applicationId, original.documentIdentifier));
    expect(await storedDocumentKeys(storage)).toEqual(keys);
    const stillThere = await call(app, ana, 'GET', documentUrl(applicationId, reused.json().documentIdentifier));
    expect(stillThere.statusCode).toBe(200);
    await call(app, ana, 'DELETE', documentUrl(applicationId, reused.json().documentIdentifier));
    expect((await storedDocumentKeys(storage)).length).toBe(keys.length - 1);
  });

  it('re-encodes a JPEG without its metadata', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    const photo = await jpegWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('SecretCam'))).toBe(true);
    const stored = await upload(applicationId, applicantIds[0], 'OTHER', photo, 'photo.jpg');
    expect(stored.contentType).toBe('image/jpeg');
    const download = await call(app, ana, 'GET', documentUrl(applicationId, stored.documentIdentifier));
    expect(download.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(download.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(64);
    expect(download.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(stored.sha256).toBe(sha256(download.rawPayload));
  });

  it('sends an applicant who completed the step back to it when a required file is deleted', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    const [holder] = applicantIds;
    const stored = await upload(applicationId, holder, 'PROOF_OF_ACCOMMODATION', await pdfFile());
    await call(app, ana, 'POST', documentUrl(applicationId, 'complete'), { applicantIdentifier: holder });
    await call(app, ana, 'DELETE', documentUrl(applicationId, stored.documentIdentifier));
    const applicant = await call(app, ana, 'GET', `/api/eta/applications/${applicationId}/applicants`);
    expect(applicant.json()[0].step).toBe('SUPPORTING_DOCUMENTS');
  });

  it('removes document rows and files with their applicant or application, keeping files given to others', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana, 3);
    const [holder, second, third] = applicantIds;
    const keys = await storedDocumentKeys(storage);
    const shared = await upload(applicationId, second, 'OTHER', await pdfFile('shared'));
    await upload(applicationId, second, 'PROOF_OF_ACCOMMODATION', await pdfFile('own'));
    await call(app, ana, 'POST', documentUrl(applicationId, shared.documentIdentifier, '/reuse'), {
      applicantIdentifier: third,
      documentType: 'OTHER',
    });
    await upload(applicationId, holder, 'OTHER', await pdfFile('holder'));
    expect(await storedDocumentKeys(storage)).toHaveLength(keys.length + 3);

    const removed = await call(app, ana, 'DELETE', `/api/eta/applications/${applicationId}/applicants/${second}`);
    expect(removed.statusCode).toBe(200);
    // Their own file went; the one also given to the third applicant stayed.
    expect(await storedDocumentKeys(storage)).toHaveLength(keys.length + 2);
    const rows = () =>
      app.db.selectFrom('applicant_documents').select('id').where('application_id', '=', applicationId).execute();
    expect(await rows()).toHaveLength(2);

    expect((await call(app, ana, 'DELETE', `/api/eta/applications/${applicationId}`)).statusCode).toBe(200);
    expect(await rows()).toHaveLength(0);
    expect(await storedDocumentKeys(storage)).toEqual(keys);
  });

  it('housekeeping removes document files that no row names, once they are old enough', async () => {
    const { applicationId, applicantIds } = await applicantsAtDocuments(app, ana);
    await upload(applicationId, applicantIds[0], 'OTHER', await pdfFile('kept'));
    const orphan = 'documents/' + 'ab'.repeat(32);
    await storage.put(orphan, Buffer.from('left behind'), 'application/pdf');
    const log = { info: () => {}, error: () => {} };
    expect((await removeOrphanedDocuments(app.db, storage, log)).removed).toBe(0);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const swept = await removeOrphanedDocuments(app.db, storage, log, { now: later });
    expect(swept.removed).toBe(1);
    expect(await storage.get(orphan)).toBeUndefined();
    expect(await storedDocumentKeys(storage)).not.toContain(orphan);
    // A second applicant added later still sees the application's file as reusable: nothing else was removed.
    const other = await addApplicant(app, ana, applicationId, { isAccountHolder: false, relationship: 'CHILD' });
    const offered = await call(app, ana, 'GET', documentsUrl(applicationId, `?applicantIdentifier=${other}`));
    expect(offered.json().reusable).toHaveLength(1);
  });
});
