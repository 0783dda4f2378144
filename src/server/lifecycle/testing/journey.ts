import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  call,
  completeFormStep,
  formOfNamedStep,
  stepAnswersFor,
  testJourney,
  type Caller,
} from '../../applications/testing/client';
import { capturePhotos } from '../../biometrics/testing/capture-client';
import { validPassportPage, validSelfie } from '../../biometrics/testing/test-images';
import { pdfFile, sendFile } from '../../documents/testing/files';

/**
 * The journey of one applicant through the real API, as the portal takes it, in the order of the route manifest's
 * steps: photos (capture session, selfie, passport page), every form step (its form's first valid example, the
 * application form with the applicant's own facts), a file for every document asked of them and the documents step
 * completed. For the state machine's tests, which must see every step really done, never a step moved by hand.
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

/**
 * The application form's answers for an applicant: the form's first valid example (or `example`, another of its
 * examples), with the applicant's own facts, then `overrides`.
 */
export function applicationFormFor(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
  overrides: Record<string, unknown> = {},
  example?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const form = formOfNamedStep('APPLICATION_FORM');
  return stepAnswersFor(app, caller, applicationId, applicantId, form, overrides, example);
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

/** The pages of the journey that are not forms, by the page that serves them: how a test takes each. */
type TakeStep = (app: FastifyInstance, caller: Caller, guid: string, applicantId: string) => Promise<unknown>;
const PAGE_STEPS: Record<string, TakeStep> = {
  'capture-biometrics': async (app, caller, guid, applicantId) =>
    capturePhotos(app, caller, { applicationId: guid, applicantId }, await testPhotos()),
  'supporting-documents': completeDocuments,
};

/**
 * Takes every step of one applicant through the API, in the manifest's order, but the last (payment): the
 * applicant ends on it. A form step is saved complete with completeFormStep (its form's first valid example, the
 * application form's with the applicant's facts), `answers` naming other answers for a form by its id.
 */
export async function completeEveryStep(
  app: FastifyInstance,
  caller: Caller,
  applicationId: string,
  applicantId: string,
  answers: Record<string, Record<string, unknown>> = {},
): Promise<void> {
  const journey = testJourney();
  for (const step of journey.slice(0, -1)) {
    if (step.form) {
      const given = answers[step.form];
      const body = given && (await stepAnswersFor(app, caller, applicationId, applicantId, step.form, given));
      await completeFormStep(app, caller, applicationId, applicantId, step, body);
      continue;
    }
    const take = step.page ? PAGE_STEPS[step.page] : undefined;
    if (!take) throw new Error(`step ${step.step} (page ${String(step.page)}) has no way to be taken in these tests`);
    await take(app, caller, applicationId, applicantId);
  }
}
