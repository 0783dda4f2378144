import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import sharp from 'sharp';
import { ROUTER_CONTEXT_COOKIE } from '../../src/shared/router-context-cookie';
import { FAKE_CAMERA_DIR, y4m } from '../../src/server/biometrics/testing/fake-camera';
import { faceSvg, faceWithMrz } from '../../src/server/biometrics/testing/test-images';
import { createVerifiedAccount, type Account, type Tokens } from './accounts';

/**
 * The fake camera of the capture journeys: the face-like portrait with a passport's MRZ band across its lower
 * part, square at 1080 px, so that one video serves both photos (at least 600x800 with one large face for the
 * selfie; at least 1000 px across, light, focus and two MRZ lines that read for the passport page).
 */
export const CAPTURE_VIDEO = path.join(FAKE_CAMERA_DIR, 'capture-journeys-1080x1080.y4m');

/** Where pictures made at test time go. */
export const CAPTURE_CACHE = path.join(FAKE_CAMERA_DIR, '..', 'capture-journeys');

/** Writes CAPTURE_VIDEO (to a temporary name first, so a browser never reads half a file). */
export async function writeCaptureVideo(): Promise<string> {
  await mkdir(FAKE_CAMERA_DIR, { recursive: true });
  const size = 1080;
  const picture = await sharp(await faceWithMrz(size, size))
    .removeAlpha()
    .raw()
    .toBuffer();
  // Chromium reads the frames as video range (16-235) and stretches them to 0-255, which burns the light
  // background out (IMAGE_TOO_BRIGHT); squeezing the picture into that range first gives back the original.
  for (let i = 0; i < picture.length; i += 1) picture[i] = Math.round(16 + (picture[i] * 219) / 255);
  const data = y4m(picture, size, size, 2);
  const temporary = `${CAPTURE_VIDEO}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, CAPTURE_VIDEO);
  return CAPTURE_VIDEO;
}

/** A sharp selfie and a blurred one as JPEG files for the file picker; answers their paths. */
export async function writePhotoFiles(): Promise<{ sharpSelfie: string; blurredSelfie: string }> {
  await mkdir(CAPTURE_CACHE, { recursive: true });
  const face = sharp(Buffer.from(faceSvg(720, 960))).removeAlpha();
  const sharpSelfie = path.join(CAPTURE_CACHE, `selfie-${process.pid}.jpg`);
  const blurredSelfie = path.join(CAPTURE_CACHE, `blurred-selfie-${process.pid}.jpg`);
  await writeFile(sharpSelfie, await face.clone().jpeg({ quality: 90 }).toBuffer());
  await writeFile(blurredSelfie, await face.clone().blur(12).jpeg({ quality: 90 }).toBuffer());
  return { sharpSelfie, blurredSelfie };
}

export interface CaptureApplicant {
  account: Account & { tokens: Tokens };
  applicationIdentifier: string;
  applicantIdentifier: string;
}

/** A signed-up account with an application (for itself) and its one applicant, made through the API. */
export async function applicantForCapture(request: APIRequestContext): Promise<CaptureApplicant> {
  const account = await createVerifiedAccount(request);
  const headers = { Authorization: `Bearer ${account.tokens.accessToken}` };
  const created = await request.post('/api/eta/applications', {
    headers,
    data: { applicationType: 'ETA', applyingFor: 'SELF' },
  });
  if (created.status() !== 201)
    throw new Error(`create application answered ${created.status()}: ${await created.text()}`);
  const { applicationIdentifier } = (await created.json()) as { applicationIdentifier: string };
  const added = await request.post(`/api/eta/applications/${applicationIdentifier}/applicants`, {
    headers,
    data: {
      isAccountHolder: true,
      givenNames: account.givenNames,
      familyName: account.familyName,
      dateOfBirth: '1986-04-12',
      nationality: 'FR',
      passportIssuingCountry: 'FR',
      passportNumber: `P${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 20),
    },
  });
  if (added.status() !== 201) throw new Error(`add applicant answered ${added.status()}: ${await added.text()}`);
  const { applicantIdentifier } = (await added.json()) as { applicantIdentifier: string };
  return { account, applicationIdentifier, applicantIdentifier };
}

/** Puts the application into the router context (localStorage) before any page of the context runs. */
export async function rememberApplication(context: BrowserContext, applicationIdentifier: string): Promise<void> {
  const value = JSON.stringify({ applicationIdentifier });
  await context.addInitScript((stored) => {
    // The script runs in every document of the context: a new tab's about:blank and the browser's own error page have
    // no storage of their own (reading it throws there), and only the portal's pages read it.
    if (!location.protocol.startsWith('http')) return;
    if (!localStorage.getItem('eta.routerContext')) localStorage.setItem('eta.routerContext', stored);
  }, value);
  // The server renders the page with the context its cookie mirrors (src/shared/router-context-cookie.ts).
  await context.addCookies(
    ['localhost', '127.0.0.1'].map((domain) => ({
      name: ROUTER_CONTEXT_COOKIE,
      value: encodeURIComponent(value),
      domain,
      path: '/',
      sameSite: 'Lax' as const,
    })),
  );
}

/** Makes every camera request of the context fail as a refused permission does. */
export async function refuseCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Not in a document that has no camera to ask for (a new tab's about:blank, the browser's own error page).
    if (!navigator.mediaDevices) return;
    const refuse = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: refuse, configurable: true });
  });
}
