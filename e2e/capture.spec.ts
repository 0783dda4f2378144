import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../tests/support/chromium';
import { signInBrowser } from './support/accounts';
import {
  applicantForCapture,
  CAPTURE_VIDEO,
  refuseCamera,
  rememberApplication,
  writeCaptureVideo,
  writePhotoFiles,
} from './support/capture-setup';
import { expect, expectAccessible, test } from './support/fixtures';
import { NO_SCRIPTS_RUNS, noScriptsPage } from './support/no-scripts';
import { validPassportPage } from '../src/server/biometrics/testing/test-images';

/** Where screenshots for a visual check go when SCREENSHOT_DIR is set; they are never committed. */
const SHOTS = process.env.SCREENSHOT_DIR;
const PHONE = { width: 375, height: 740 };

// Chromium's fake camera plays CAPTURE_VIDEO; its fake permission prompt says yes.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || undefined,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${CAPTURE_VIDEO}`,
    ],
  },
});

let photos: { sharpSelfie: string; blurredSelfie: string };

test.beforeAll(async () => {
  await writeCaptureVideo();
  photos = await writePhotoFiles();
});

async function check(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/capture-${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });
}

/** On the camera page: waits for the picture, takes it, checks the preview and uses it. */
async function photographWithCamera(page: Page, heading: string, label: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const take = page.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeEnabled({ timeout: 20_000 });
  await check(page, `${label} camera`);
  await take.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The photo you have just taken' })).toBeVisible();
  await check(page, `${label} preview`);
  await page.getByRole('button', { name: 'Use this photo' }).click();
}

/** A new applicant signed in on the computer, at the photo step: answers the link to the phone the page shows. */
async function photoStepLink(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
): Promise<string> {
  const who = await applicantForCapture(request);
  await signInBrowser(context, baseURL, who.account.tokens);
  await rememberApplication(context, who.applicationIdentifier);
  await page.goto(`/capture/capture-biometrics?applicantIdentifier=${who.applicantIdentifier}`);
  await expect(page.getByRole('img', { name: 'QR code that opens the photo link on a phone' })).toBeVisible();
  const link = (await page.getByTestId('phone-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/capture\?sessionIdentifier=[\w-]{43}&routeFrom=mobile$/);
  return link;
}

/** The phone that opens the link: not signed in, 375 px wide, a touch screen; its scripts run unless said. */
function phoneContextOf(browser: Browser, baseURL: string, javaScriptEnabled = true): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    javaScriptEnabled,
  });
}

/** The computer has moved on by itself to the task list, the photo step completed. */
async function expectPhotoStepCompleted(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/applications\/application$/, { timeout: 15_000 });
  const task = page.getByRole('listitem').filter({ hasText: 'Photo and passport' });
  await expect(task.getByText('Completed')).toBeVisible();
}

test.describe('photo capture', () => {
  test('on this device: selfie and passport with the camera, then the photo step is completed', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const who = await applicantForCapture(request);
    await signInBrowser(context, baseURL!, who.account.tokens);
    await rememberApplication(context, who.applicationIdentifier);

    // The application's task list links the photo step for this applicant.
    await page.goto('/applications/application');
    await page.getByRole('link', { name: 'Photo and passport' }).click();
    await expect(page).toHaveURL(/\/capture\/capture-biometrics\?sessionIdentifier=[\w-]{43}&applicantIdentifier=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Photos of you and your passport' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code that opens the photo link on a phone' })).toBeVisible();
    await check(page, 'choose a way');

    await page.getByRole('link', { name: 'Take the photo of you' }).click();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await photographWithCamera(page, 'Photo of you', 'selfie');
    await expect(page.getByRole('heading', { level: 1, name: 'Photo of you accepted' })).toBeVisible({
      timeout: 30_000,
    });
    await check(page, 'selfie accepted');

    await page.getByRole('link', { name: 'Take the passport photo' }).click();
    await photographWithCamera(page, "Photo of your passport's data page", 'passport');
    await expect(page.getByRole('heading', { level: 1, name: 'Passport photo accepted' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Both photos have been accepted.')).toBeVisible();
    await check(page, 'passport accepted');

    await page.getByRole('button', { name: 'Continue with your application' }).click();
    await expect(page).toHaveURL(/\/applications\/application$/);
    const task = page.getByRole('listitem').filter({ hasText: 'Photo and passport' });
    await expect(task.getByText('Completed')).toBeVisible();
  });

  test('on a phone: the computer shows the QR code, the phone takes both photos, the computer moves on by itself', async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const link = await photoStepLink(page, context, request, baseURL!);
    const phoneContext = await phoneContextOf(browser, baseURL!);
    try {
      const phone = await phoneContext.newPage();
      await phone.goto(link);
      await expect(phone.getByRole('heading', { level: 1, name: 'Take your photos' })).toBeVisible();
      await expect(phone.getByRole('link', { name: 'Take the photo of you' })).toBeVisible();
      await check(phone, 'phone landing');

      // The computer notices the phone (or its capture) without being touched.
      await expect(page.getByText('A phone has opened the link.')).toBeVisible({ timeout: 10_000 });
      await check(page, 'computer waiting for the phone');

      await phone.getByRole('link', { name: 'Take the photo of you' }).click();
      await photographWithCamera(phone, 'Photo of you', 'phone selfie');
      await expect(phone.getByRole('heading', { level: 1, name: 'Photo of you accepted' })).toBeVisible({
        timeout: 30_000,
      });
      await check(phone, 'phone selfie accepted');
      await phone.getByRole('link', { name: 'Take the passport photo' }).click();
      await photographWithCamera(phone, "Photo of your passport's data page", 'phone passport');
      await expect(phone.getByRole('heading', { level: 1, name: 'Passport photo accepted' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(phone.getByText('You can now return to your computer.')).toBeVisible();
      await check(phone, 'phone done');
    } finally {
      await phoneContext.close();
    }

    await expectPhotoStepCompleted(page);
  });

  test('on a phone without scripts: Use this phone, the photos as files, a refused one again, the computer moves on', async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const link = await photoStepLink(page, context, request, baseURL!);
    // The phone's scripts do not run (blocked, failed to load, or switched off).
    const phoneContext = await phoneContextOf(browser, baseURL!, false);
    const phone = await phoneContext.newPage();
    const p = await noScriptsPage(phone, browser, NO_SCRIPTS_RUNS[0], 'capture-phone');
    try {
      await p.open(link);
      await expect(p.heading('Take your photos')).toBeVisible();
      await p.checked('phone landing');
      await p.go(p.main.getByRole('button', { name: 'Use this phone', exact: true }));
      await expect(page.getByText('A phone has opened the link.')).toBeVisible({ timeout: 10_000 });

      const selfie = p.main.getByLabel('Choose or take a photo of you', { exact: true });
      await expect(selfie).toHaveAttribute('capture', 'user');
      await p.go(p.main.getByRole('button', { name: 'Send the photos', exact: true }));
      await expect(p.summary.getByRole('link')).toHaveText(['Select a photo of you']);
      await expect(phone).toHaveTitle(p.errorTitle);
      await p.checked('phone none chosen');

      // A blurred selfie is refused with its reason; Try again offers the one photo as a file.
      await selfie.setInputFiles(photos.blurredSelfie);
      await p.go(p.main.getByRole('button', { name: 'Send the photos', exact: true }));
      await expect(p.heading('Your photo could not be used')).toBeVisible();
      await expect(phone).toHaveURL(/errorCode=IMAGE_BLURRED&routeFrom=mobile&captureType=biometrics/);
      await p.checked('phone selfie refused');
      await p.go(p.link('Try again'));
      await expect(p.heading('Photo of you')).toBeVisible();
      await p.checked('phone one photo');
      await p.main.getByLabel('Choose or take a photo of you', { exact: true }).setInputFiles(photos.sharpSelfie);
      await p.go(p.main.getByRole('button', { name: 'Send the photo', exact: true }));
      await expect(p.heading('Photo of you accepted')).toBeVisible();

      await p.go(p.link('Take the passport photo'));
      const passport = p.main.getByLabel("Choose or take a photo of your passport's data page", { exact: true });
      await expect(passport).toHaveAttribute('capture', 'environment');
      await passport.setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await validPassportPage() });
      await p.go(p.main.getByRole('button', { name: 'Send the photo', exact: true }));
      await expect(p.heading('Passport photo accepted')).toBeVisible();
      await expect(p.main.getByText('You can now return to your computer.')).toBeVisible();
      await p.checked('phone done');
    } finally {
      await p.close();
      await phoneContext.close();
    }

    await expectPhotoStepCompleted(page);
  });

  test('a refused camera is explained and the file picker takes the photo instead', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const who = await applicantForCapture(request);
    await signInBrowser(context, baseURL!, who.account.tokens);
    await rememberApplication(context, who.applicationIdentifier);
    await refuseCamera(context);
    await page.setViewportSize(PHONE);

    await page.goto(`/capture/capture-biometrics?applicantIdentifier=${who.applicantIdentifier}`);
    await page.getByRole('link', { name: 'Take the photo of you' }).click();
    await expect(page.getByRole('alert')).toContainText('This browser is not allowed to use the camera.');
    const picker = page.getByLabel('Choose or take a photo of you');
    await expect(picker).toHaveAttribute('accept', 'image/*');
    await expect(picker).toHaveAttribute('capture', 'user');
    await check(page, 'camera refused');

    await picker.setInputFiles(photos.sharpSelfie);
    await expect(page.getByRole('img', { name: 'The photo you have just taken' })).toBeVisible();
    await page.getByRole('button', { name: 'Use this photo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Photo of you accepted' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('a blurred photo is rejected with its reason and can be taken again', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const who = await applicantForCapture(request);
    await signInBrowser(context, baseURL!, who.account.tokens);
    await rememberApplication(context, who.applicationIdentifier);
    await page.setViewportSize(PHONE);

    await page.goto(`/capture/capture-biometrics?applicantIdentifier=${who.applicantIdentifier}`);
    await check(page, 'choose a way');
    await page.getByRole('link', { name: 'Take the photo of you' }).click();
    await page.getByRole('button', { name: 'Choose a photo instead' }).click();
    await page.getByLabel('Choose or take a photo of you').setInputFiles(photos.blurredSelfie);
    await page.getByRole('button', { name: 'Use this photo' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your photo could not be used' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(
      /status=failure&errorCode=IMAGE_BLURRED&routeFrom=web&captureType=biometrics&sessionIdentifier=/,
    );
    await expect(page.getByRole('alert')).toContainText(
      'This photo is blurred. Hold the camera still, let it focus, and take the photo again.',
    );
    await expect(page.getByText('You can try 4 more times.')).toBeVisible();
    await check(page, 'blurred photo rejected');

    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Photo of you' })).toBeVisible();
  });
});
