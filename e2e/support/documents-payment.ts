import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { ageOn, loadDocumentRules, type Requirement } from '../../src/server/documents/requirements';
import { pdfFile } from '../../src/server/documents/testing/files';
import type { Tokens } from './accounts';
import { applicationForTwoThroughApi, expectNoSidewaysScroll, passCaptureThroughApi } from './application-form';
import { catalogueText } from './catalogue';
import { expectAccessible } from './fixtures';
import { photograph } from './screenshots';

/**
 * What the supporting documents and payment journeys need: an application brought to the documents step (or
 * to payment) through the API, the documents each applicant is asked for as the rules file decides, files to
 * upload, and a page checked at both widths.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SCHEMAS = join(ROOT, 'schemas');
const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });
const example = (formId: string) =>
  (JSON.parse(readFileSync(join(SCHEMAS, `${formId}.examples.json`), 'utf8')) as { valid: Record<string, unknown>[] })
    .valid[0];

/** The application type the helpers apply for, and the answers each applicant gives (the first examples). */
export const APPLICATION_TYPE = 'ETA';
export const FORM_ANSWERS = example('application-form');
export const DECLARATIONS = example('declarations');

/** A text of the English catalogue with its {{placeholders}} filled in, as the portal shows it. */
export function en(key: string, vars: Record<string, string> = {}): string {
  return catalogueText('en', key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}

/**
 * The accessible name of a button whose catalogue text has a <hidden> part (read out, not shown), as a pattern:
 * the browser may put a space where the visually hidden part starts.
 */
export function enName(key: string, vars: Record<string, string> = {}): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = en(key, vars)
    .split(/<\/?hidden>/)
    .map((part) => escape(part.trim()))
    .filter(Boolean);
  return new RegExp(`^${parts.join('\\s*')}$`);
}

/** An applicant as the API lists them, with what the rules look at. */
export interface ApplicantFacts {
  applicantIdentifier: string;
  givenNames: string;
  familyName: string;
  dateOfBirth: string;
  nationality: string;
  passportIssuingCountry: string;
  isAccountHolder: boolean;
}

/**
 * The document types an applicant is asked for, in the rules file's order (OTHER last, optional), decided by the
 * server's own rules code from the applicant's facts and the answers the helpers give.
 */
export function expectedDocuments(applicant: ApplicantFacts): Requirement[] {
  return loadDocumentRules(SCHEMAS).evaluate({
    applicationType: APPLICATION_TYPE,
    applicant: {
      age: ageOn(applicant.dateOfBirth, new Date()),
      nationality: applicant.nationality,
      passportIssuingCountry: applicant.passportIssuingCountry,
      isAccountHolder: applicant.isAccountHolder,
    },
    answers: FORM_ANSWERS,
    declarations: DECLARATIONS,
  });
}

/** The applicants of an application, as the API holds them. */
export async function applicantsThroughApi(request: APIRequestContext, tokens: Tokens, guid: string) {
  const response = await request.get(`/api/eta/applications/${guid}`, { headers: auth(tokens) });
  expect(response.status()).toBe(200);
  const { applicants } = (await response.json()) as { applicants: ApplicantFacts[] };
  return new Map(applicants.map((a) => [a.applicantIdentifier, a]));
}

/** Saves one applicant's application form (the example with the applicant's own facts) and declarations. */
async function answerThroughApi(request: APIRequestContext, tokens: Tokens, guid: string, applicant: string) {
  const headers = auth(tokens);
  const prefilled = await request.get(
    `/api/eta/applications/${guid}/answers/application-form?applicantIdentifier=${applicant}`,
    { headers },
  );
  expect(prefilled.status()).toBe(200);
  const facts = ((await prefilled.json()) as { answers: Record<string, unknown> }).answers;
  for (const [formId, answers] of [
    ['application-form', { ...FORM_ANSWERS, ...facts }],
    ['declarations', DECLARATIONS],
  ] as const) {
    const saved = await request.put(`/api/eta/applications/${guid}/answers/${formId}`, {
      headers,
      data: { applicantIdentifier: applicant, answers },
    });
    expect(saved.status(), `${formId}: ${await saved.text()}`).toBe(200);
    expect(((await saved.json()) as { complete: boolean }).complete, `${formId} complete`).toBe(true);
  }
}

/**
 * An application for the account holder (an adult) and a child, brought to the supporting documents step
 * through the API: capture passed and the application form and declarations answered for both.
 */
export async function applicationAtDocumentsThroughApi(
  request: APIRequestContext,
  tokens: Tokens,
  holder: { givenNames: string; familyName: string },
) {
  const application = await applicationForTwoThroughApi(request, tokens, holder);
  const applicants = [application.first, application.second];
  for (const applicant of applicants) {
    await passCaptureThroughApi(request, tokens, application.applicationIdentifier, applicant);
    await answerThroughApi(request, tokens, application.applicationIdentifier, applicant);
  }
  return application;
}

/**
 * Gives every required document of every applicant as a small PDF and completes the step, through the API:
 * the application is ready to pay.
 */
export async function documentsCompletedThroughApi(
  request: APIRequestContext,
  tokens: Tokens,
  guid: string,
  applicants: string[],
) {
  const headers = auth(tokens);
  const base = `/api/eta/applications/${guid}/documents`;
  for (const applicant of applicants) {
    const listed = await request.get(`${base}?applicantIdentifier=${applicant}`, { headers });
    expect(listed.status(), await listed.text()).toBe(200);
    const { requirements } = (await listed.json()) as { requirements: Requirement[] };
    for (const { documentType } of requirements.filter((r) => r.required)) {
      const uploaded = await request.post(`${base}?applicantIdentifier=${applicant}&documentType=${documentType}`, {
        headers,
        multipart: {
          file: { name: `${documentType.toLowerCase()}.pdf`, mimeType: 'application/pdf', buffer: await pdfFile() },
        },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
    }
    const completed = await request.post(`${base}/complete`, { headers, data: { applicantIdentifier: applicant } });
    expect(completed.status(), await completed.text()).toBe(200);
  }
}

/** Where the journeys' files to upload are written. */
const FILES = join(ROOT, '.cache', 'documents-payment-files');

/**
 * Files to choose in the file picker, written once per process: small PDFs, a PDF large enough (about 600 kB,
 * a photo of noise in it) for the upload's progress to be seen on a slowed connection, and files that are no
 * PDF although named so (a text file, a program).
 */
export async function documentFiles() {
  const folder = join(FILES, String(process.pid));
  mkdirSync(folder, { recursive: true });
  const write = (name: string, data: Buffer | Uint8Array) => {
    writeFileSync(join(folder, name), data);
    return { path: join(folder, name), name };
  };
  const photo = await sharp(randomBytes(640 * 640 * 3), { raw: { width: 640, height: 640, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const large = await PDFDocument.create();
  const page = large.addPage([640, 700]);
  page.drawImage(await large.embedJpg(photo), { x: 0, y: 60, width: 640, height: 640 });
  page.drawText('Booking confirmation', {
    x: 20,
    y: 20,
    size: 14,
    font: await large.embedFont(StandardFonts.Helvetica),
  });
  return {
    booking: write('hotel-booking.pdf', await large.save()),
    consent: write('parental-consent.pdf', await pdfFile('Parental consent')),
    birth: write('birth-certificate.pdf', await pdfFile('Birth certificate')),
    textAsPdf: write('notes.pdf', Buffer.from('These are my travel notes, saved as text.\n')),
    program: write(
      'setup.pdf',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 7)]),
    ),
  };
}

/**
 * Slows the browser's uploads to `bytesPerSecond` (Chromium's network emulation), so that an upload takes long
 * enough for its progress to be watched; answers a function that lifts the limit.
 */
export async function slowUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await session.detach();
  };
}

/**
 * One page in one state, checked as every page of these journeys is: axe-clean and photographed at 1280 px, then
 * at 375 px without sideways scrolling, axe-clean and photographed again; the window is 1280 px again after.
 */
export async function checkedAtBothWidths(page: Page, folder: string, name: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const height = page.viewportSize()?.height ?? 800;
  await expectAccessible(page, `${name} at 1280 px`);
  await photograph(page, join(folder, `${name}-1280.png`));
  await page.setViewportSize({ width: 375, height });
  await expectNoSidewaysScroll(page, `${name} at 375 px`);
  await expectAccessible(page, `${name} at 375 px`);
  await photograph(page, join(folder, `${name}-375.png`));
  await page.setViewportSize({ width: 1280, height });
}
