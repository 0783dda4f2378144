import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceTo, addApplicant, call, createApplication, signIn, type Caller } from '../applications/testing/client';
import type { ObjectStorage } from '../storage/object-storage';
import { databases } from '../testing/harness';
import {
  applicantsAtDocuments,
  documentsUrl,
  documentUrl,
  storedDocumentKeys,
  uploadUrl,
  useDocumentsTestApp,
} from './testing/app';
import { pdfFile, sendFile } from './testing/files';

describe.each(databases())('who may use the documents calls, on %s', (kind) => {
  let app: FastifyInstance;
  let storage: ObjectStorage;
  let ana: Caller;
  useDocumentsTestApp(kind, (started) => ({ app, storage, ana } = started));
  let eve: Caller;
  let applicationId: string;
  let holder: string;
  let documentId: string;

  beforeAll(async () => {
    eve = await signIn(app);
    ({
      applicationId,
      applicantIds: [holder],
    } = await applicantsAtDocuments(app, ana, 1));
    const stored = await sendFile(app, ana, 'POST', uploadUrl(applicationId, holder, 'OTHER'), await pdfFile());
    documentId = stored.json().documentIdentifier;
  });

  /** Every call of the area, made by `caller` on Ana's application, applicant and file. */
  const everyCall = async (caller: Caller | undefined): Promise<[string, LightMyRequestResponse][]> => {
    const pdf = await pdfFile('intruder');
    return [
      ['list', await call(app, caller, 'GET', documentsUrl(applicationId, `?applicantIdentifier=${holder}`))],
      ['upload', await sendFile(app, caller, 'POST', uploadUrl(applicationId, holder, 'OTHER'), pdf)],
      ['download', await call(app, caller, 'GET', documentUrl(applicationId, documentId))],
      ['replace', await sendFile(app, caller, 'PUT', documentUrl(applicationId, documentId), pdf)],
      [
        'reuse',
        await call(app, caller, 'POST', documentUrl(applicationId, documentId, '/reuse'), {
          applicantIdentifier: holder,
          documentType: 'PROOF_OF_ACCOMMODATION',
        }),
      ],
      [
        'complete',
        await call(app, caller, 'POST', documentUrl(applicationId, 'complete'), { applicantIdentifier: holder }),
      ],
      ['delete', await call(app, caller, 'DELETE', documentUrl(applicationId, documentId))],
    ];
  };

  const snapshot = async () => ({
    rows: await app.db.selectFrom('applicant_documents').selectAll().orderBy('id').execute(),
    keys: await storedDocumentKeys(storage),
    step: (await app.db.selectFrom('applicants').select('current_step').where('id', '=', holder).executeTakeFirst())
      ?.current_step,
  });

  it('answers another account 404 on every call, as if nothing were there, and changes nothing', async () => {
    const before = await snapshot();
    for (const [name, response] of await everyCall(eve)) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(404);
      expect(['APPLICATION_NOT_FOUND'], name).toContain(response.json().code);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 to every call without a session, and changes nothing', async () => {
    const before = await snapshot();
    for (const [name, response] of await everyCall(undefined)) {
      expect(response.statusCode, name).toBe(401);
      expect(response.json().code, name).toBe('UNAUTHORIZED');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for a file or applicant of another of the caller's applications", async () => {
    const other = await applicantsAtDocuments(app, ana, 1);
    const crossed = await call(app, ana, 'GET', documentUrl(other.applicationId, documentId));
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe('DOCUMENT_NOT_FOUND');
    const wrongApplicant = await sendFile(
      app,
      ana,
      'POST',
      uploadUrl(other.applicationId, holder, 'OTHER'),
      await pdfFile(),
    );
    expect(wrongApplicant.statusCode).toBe(404);
    expect(wrongApplicant.json().code).toBe('APPLICANT_NOT_FOUND');
    const reusedAcross = await call(app, ana, 'POST', documentUrl(other.applicationId, documentId, '/reuse'), {
      applicantIdentifier: other.applicantIds[0],
      documentType: 'OTHER',
    });
    expect(reusedAcross.statusCode).toBe(404);
    expect((await call(app, ana, 'GET', documentUrl(applicationId, 'not-a-uuid'))).statusCode).toBe(404);
  });

  it('refuses uploads before DECLARATION is done, and every change once the application is submitted', async () => {
    const early = await createApplication(app, ana);
    const applicant = await addApplicant(app, ana, early);
    await advanceTo(app, applicant, 'DECLARATION');
    const before = await sendFile(app, ana, 'POST', uploadUrl(early, applicant, 'OTHER'), await pdfFile());
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('STEP_NOT_REACHED');
    const tooEarly = await call(app, ana, 'POST', documentUrl(early, 'complete'), { applicantIdentifier: applicant });
    expect(tooEarly.json().code).toBe('STEP_NOT_REACHED');

    const { applicationId: done, applicantIds } = await applicantsAtDocuments(app, ana, 1);
    const kept = await sendFile(app, ana, 'POST', uploadUrl(done, applicantIds[0], 'OTHER'), await pdfFile());
    const id = kept.json().documentIdentifier;
    await app.db.updateTable('applications').set({ status: 'SUBMITTED' }).where('id', '=', done).execute();
    const refused = [
      await sendFile(app, ana, 'POST', uploadUrl(done, applicantIds[0], 'OTHER'), await pdfFile()),
      await sendFile(app, ana, 'PUT', documentUrl(done, id), await pdfFile()),
      await call(app, ana, 'DELETE', documentUrl(done, id)),
      await call(app, ana, 'POST', documentUrl(done, 'complete'), { applicantIdentifier: applicantIds[0] }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('APPLICATION_NOT_EDITABLE');
    }
    // Reading still works.
    expect((await call(app, ana, 'GET', documentUrl(done, id))).statusCode).toBe(200);
  });
});
