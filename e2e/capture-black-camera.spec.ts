import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FAKE_CAMERA_DIR, y4m } from '../src/server/biometrics/testing/fake-camera';
import { CHROMIUM_ARGS } from '../tests/support/chromium';
import { signInBrowser } from './support/accounts';
import { applicantForCapture, rememberApplication } from './support/capture-setup';
import { expect, expectAccessible, test } from './support/fixtures';

/**
 * A camera that shows nothing but black (a covered lens, or one still starting): Chromium's fake camera plays
 * frames of a real size, all black. Take photo must stay unavailable, so no black frame is ever sent.
 */
const BLACK_VIDEO = path.join(FAKE_CAMERA_DIR, 'capture-journeys-black-640x480.y4m');

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || undefined,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${BLACK_VIDEO}`,
    ],
  },
});

test.beforeAll(async () => {
  await mkdir(FAKE_CAMERA_DIR, { recursive: true });
  const temporary = `${BLACK_VIDEO}.${process.pid}.tmp`;
  await writeFile(temporary, y4m(Buffer.alloc(640 * 480 * 3), 640, 480, 2));
  await rename(temporary, BLACK_VIDEO);
});

test('photo capture: Take photo stays unavailable while the camera plays black frames, and the page says it waits for a picture', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const who = await applicantForCapture(request);
  await signInBrowser(context, baseURL!, who.account.tokens);
  await rememberApplication(context, who.applicationIdentifier);
  await page.goto('/applications/application');
  await page.getByRole('link', { name: 'Photo and passport' }).click();
  await page.getByRole('link', { name: 'Take the photo of you' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Photo of you' })).toBeVisible();
  const video = page.getByLabel('Camera view');
  // The camera runs: frames of a real size have played for a while...
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBe(640);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  // ...yet none shows a picture: nothing can be taken, so no attempt can be used up.
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeDisabled();
  await expect(page.getByText("Waiting for the camera's picture…")).toBeVisible();
  await expectAccessible(page, 'camera showing black');
  const sessionIdentifier = new URL(page.url()).searchParams.get('sessionIdentifier');
  const status = await request.get(`/api/eta/biometrics/capture-session-status/${sessionIdentifier}`, {
    headers: { Authorization: `Bearer ${who.account.tokens.accessToken}` },
  });
  expect(status.status()).toBe(200);
  expect(((await status.json()) as { attemptsLeft: number }).attemptsLeft).toBe(5);
});
