import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, validApplicationForm, validDeclarations, type Caller } from '../../applications/testing/client';
import { capturePhotos } from '../../biometrics/testing/capture-client';
import { validPassportPage, validSelfie } from '../../biometrics/testing/test-images';
import { pdfFile, sendFile } from '../../documents/testing/files';

/**
 * The journey of one applicant through the real API, as the portal takes it: photos (capture session, selfie,
 * passport page), the application form (the schema's example with the applicant's own facts), the declarations,
 * a file for every document asked of them and the documents step completed. For the state machine's tests,
 * which must see every step really done, never a step moved by hand.
 */

export interface Photos {
  selfie: Buffer;
  passport: Buffer;
}

let photos: Promise<Photos> | undefined;

/** A good selfie and passport page, drawn once. */
export function testPhotos(): Promise<Photos> {
  photos ??= Promise.all([validSelfie(), validPassportPage()]).then(([selfie, passport]) => ({ selfie, passport }));
  return photos;
}

let pdf: Promise<Buffer> | undefined;

/** A small valid PDF, made once. */
export function testPdf(): Promise<Buffer> {
  pdf ??= pdfFile('Booking confirmation');
  return pdf;
}

const expectStatus = (response: LightMyRequestResponse, status: number, what: string) => {
  if (response.statusCode !== status) throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
  return response;
};

/** The application form's answers for an applicant: the example, with the applicant's own facts. */
export async function applicationFormFor(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const list = expectStatus(
    await call(app, caller, 'GET', `/api/eta/applications/${applicationId}/applicants`),
    200,
    'list applicants',
  ).json() as Record<string, unknown>[];
  const applicant = list.find((a) => a.applicantIdentifier === applicantId);
  if (!applicant) throw new Error(`no applicant ${applicantId}`);
  const facts = ['givenNames', 'familyName', 'dateOfBirth', 'nationality', 'passportIssuingCountry', 'passportNumber'];
  return validApplicationForm({ ...Object.fromEntries(facts.map((f) => [f, applicant[f]])), ...overrides });
}

/** Uploads a file of every required document type, then completes the documents step. */
export async function completeDocuments(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
): Promise<void> {
  const listed = expectStatus(
    await call(
      app,
      caller,
      'GET',
      `/api/eta/applications/${applicationId}/documents?applicantIdentifier=${applicantId}`,
    ),
    200,
    'list documents',
  ).json() as { requirements: { documentType: string; required: boolean; files: unknown[] }[] };
  for (const requirement of listed.requirements.filter((r) => r.required && r.files.length === 0)) {
    const url = `/api/eta/applications/${applicationId}/documents?applicantIdentifier=${applicantId}&documentType=${requirement.documentType}`;
    expectStatus(await sendFile(app, caller, 'POST', url, await testPdf()), 201, `upload ${requirement.documentType}`);
  }
  expectStatus(
    await call(app, caller, 'POST', `/api/eta/applications/${applicationId}/documents/complete`, {
      applicantIdentifier: applicantId,
    }),
    200,
    'complete documents',
  );
}

/** Takes every step of one applicant through the API; the applicant ends on the payment step. */
export async function completeEveryStep(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
  answers: { form?: Record<string, unknown>; declarations?: Record<string, unknown> } = {},
): Promise<void> {
  await capturePhotos(app, caller, { applicationId, applicantId }, await testPhotos());
  const form = await applicationFormFor(app, caller, applicationId, applicantId, answers.form);
  expectStatus(
    await call(app, caller, 'PUT', `/api/eta/application-details/${applicationId}`, {
      applicantIdentifier: applicantId,
      answers: form,
    }),
    200,
    'save the application form',
  );
  expectStatus(
    await call(app, caller, 'PUT', '/api/eta/declarations', {
      applicationIdentifier: applicationId,
      applicantIdentifier: applicantId,
      answers: validDeclarations(answers.declarations),
    }),
    200,
    'save the declarations',
  );
  await completeDocuments(app, caller, applicationId, applicantId);
}
