import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTURE_DEVICE_HEADER, CAPTURE_POLL_MS } from '@/api/capture';
import { settingsOf, type Settings } from '@/api/settings';
import { clearRouterContext, setRouterContext } from '@/api/router-context';
import CaptureBiometricsPage from './capture-biometrics-page';
import CaptureStartPage from './capture-start-page';
import ImageCaptureEntryPage from './image-capture-entry-page';
import ImageCaptureResultPage from './image-capture-result-page';
import { englishI18n, mockFetch, renderPage, SESSION_ID, sessionView, type MockCall } from './test-utils';

const APPLICATION = '0190a0c4-0000-7000-8000-00000000a001';
const APPLICANT = '0190a0c4-0000-7000-8000-000000000001';
const STATUS_URL = `/api/eta/biometrics/capture-session-status/${SESSION_ID}`;

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});

beforeEach(() => {
  sessionStorage.clear();
  clearRouterContext();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const isStatusCall = (call: MockCall, method: string) => call.method === method && call.url.endsWith(STATUS_URL);

describe('capture-biometrics page', () => {
  it('starts a session for the applicant, shows the phone QR code and link, and goes to the application when the phone is done', async () => {
    // The page asks for the status every CAPTURE_POLL_MS: the clock is moved on instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setRouterContext({ applicationIdentifier: APPLICATION });
    let polls = 0;
    const calls = mockFetch((call) => {
      if (call.method === 'POST' && call.url.endsWith('/api/eta/biometrics'))
        return [
          201,
          { sessionIdentifier: SESSION_ID, status: 'BIO_LINKING_PHONE', expiresAt: '2030-01-01T00:15:00.000Z' },
        ];
      if (isStatusCall(call, 'GET')) {
        polls += 1;
        return [
          200,
          sessionView({
            status: polls === 1 ? 'BIO_LINKING_PHONE' : polls === 2 ? 'BIO_PHONE_LINKED' : 'PASSPORT_CAPTURE_COMPLETE',
          }),
        ];
      }
      return [404, { error: 'unexpected', code: 'X' }];
    });
    const { router } = renderPage(
      i18n,
      <CaptureBiometricsPage />,
      '/capture/capture-biometrics',
      `/capture/capture-biometrics?applicantIdentifier=${APPLICANT}`,
    );

    expect(await screen.findByRole('img', { name: 'QR code that opens the photo link on a phone' })).toBeTruthy();
    expect(calls[0].body).toEqual({ applicationIdentifier: APPLICATION, applicantIdentifier: APPLICANT });
    expect(router.state.location.search).toBe(`?sessionIdentifier=${SESSION_ID}&applicantIdentifier=${APPLICANT}`);
    expect(screen.getByTestId('phone-link').textContent).toBe(
      `${window.location.origin}/capture?sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
    );
    const ownCamera = screen.getByRole('link', { name: 'Take the photo of you' });
    expect(ownCamera.getAttribute('href')).toBe(
      `/capture/image-capture-entry?cameraType=biometrics&sessionIdentifier=${SESSION_ID}&routeFrom=web`,
    );

    // The poll sees the phone, then the finished photos, and the page moves on without a click.
    await vi.advanceTimersByTimeAsync(CAPTURE_POLL_MS);
    expect(await screen.findByText(/A phone has opened the link/, undefined, { timeout: 5000 })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(CAPTURE_POLL_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/application'), { timeout: 5000 });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  describe('the phone link', () => {
    const phonePanel = async (settings: Settings) => {
      mockFetch(() => [200, sessionView({ status: 'BIO_LINKING_PHONE' })]);
      renderPage(
        i18n,
        <CaptureBiometricsPage />,
        '/capture/capture-biometrics',
        `/capture/capture-biometrics?sessionIdentifier=${SESSION_ID}`,
        { settings },
      );
      await screen.findByRole('img', { name: 'QR code that opens the photo link on a phone' });
      return within(screen.getByRole('region', { name: 'Continue on a phone' }));
    };

    it('says plainly that a phone cannot open a loopback address, and how to set PUBLIC_URL', async () => {
      const panel = await phonePanel(
        settingsOf([
          { key: 'FRONT_END_URL', value: 'http://localhost:8080' },
          { key: 'PHONE_URL', value: 'http://localhost:8080' },
        ]),
      );
      expect(panel.getByTestId('phone-link').textContent).toBe(
        `http://localhost:8080/capture?sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
      );
      const notice = panel.getByText(/A phone cannot open this link/).closest('[role="status"]');
      expect(notice?.textContent).toContain(
        'it points to http://localhost:8080, an address that only this computer can reach.',
      );
      expect(notice?.textContent).toContain('To use a phone, set PUBLIC_URL to an address the phone can reach');
    });

    it('uses the network address the server offers in development, and says the phone must share the network', async () => {
      const panel = await phonePanel(
        settingsOf([
          { key: 'FRONT_END_URL', value: 'http://localhost:5173' },
          { key: 'PHONE_URL', value: 'http://192.168.1.20:5173' },
        ]),
      );
      expect(panel.getByTestId('phone-link').textContent).toBe(
        `http://192.168.1.20:5173/capture?sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
      );
      expect(panel.getByText(/the phone must be on the same network/).textContent).toContain(
        "this computer's network address, http://192.168.1.20:5173,",
      );
      expect(panel.queryByText(/A phone cannot open this link/)).toBeNull();
    });

    it('says nothing more when the portal has a public address', async () => {
      const panel = await phonePanel(
        settingsOf([
          { key: 'FRONT_END_URL', value: 'https://eta.example.org' },
          { key: 'PHONE_URL', value: 'https://eta.example.org' },
        ]),
      );
      expect(panel.getByTestId('phone-link').textContent).toBe(
        `https://eta.example.org/capture?sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
      );
      expect(panel.queryByText(/A phone cannot open this link/)).toBeNull();
      expect(panel.queryByText(/network address/)).toBeNull();
    });
  });

  it('explains a blocking outcome with its next step', async () => {
    mockFetch(() => [
      200,
      sessionView({ status: 'OPEN_APPLICATION_EXISTS', captureType: 'passport', errorCode: 'OPEN_APPLICATION_EXISTS' }),
    ]);
    renderPage(
      i18n,
      <CaptureBiometricsPage />,
      '/capture/capture-biometrics',
      `/capture/capture-biometrics?sessionIdentifier=${SESSION_ID}`,
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'There is already an application for this passport' }),
    ).toBeTruthy();
    expect(
      within(alert).getByText(
        'Continue or delete the other application in My applications before you apply again with this passport.',
      ),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to My applications' }).getAttribute('href')).toBe(
      '/my-applications',
    );
  });

  it('says when to start again after too many attempts', async () => {
    const retryAfter = new Date(Date.now() + 14.5 * 60_000).toISOString();
    mockFetch(() => [200, sessionView({ status: 'CAPTURE_RETRIES_EXCEEDED', attemptsLeft: 0, retryAfter })]);
    renderPage(
      i18n,
      <CaptureBiometricsPage />,
      '/capture/capture-biometrics',
      `/capture/capture-biometrics?sessionIdentifier=${SESSION_ID}`,
    );
    expect(
      await screen.findByText(
        'Read the tips for a good photo, then start the photos again in 15 minutes from your application.',
      ),
    ).toBeTruthy();
  });

  it('explains an expired link and starts a new session for the same applicant', async () => {
    setRouterContext({ applicationIdentifier: APPLICATION });
    const fresh = 'ZZCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    const calls = mockFetch((call) => {
      if (call.method === 'POST')
        return [201, { sessionIdentifier: fresh, status: 'BIO_LINKING_PHONE', expiresAt: '2030-01-01T00:15:00.000Z' }];
      if (call.url.endsWith(fresh)) return [200, sessionView()];
      return [410, { error: 'This photo link has expired.', code: 'CAPTURE_SESSION_EXPIRED' }];
    });
    const { router } = renderPage(
      i18n,
      <CaptureBiometricsPage />,
      '/capture/capture-biometrics',
      `/capture/capture-biometrics?sessionIdentifier=${SESSION_ID}&applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByRole('heading', { name: 'The photo link has expired' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Start the photos again' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?sessionIdentifier=${fresh}&applicantIdentifier=${APPLICANT}`),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      applicationIdentifier: APPLICATION,
      applicantIdentifier: APPLICANT,
    });
    expect(await screen.findByRole('img', { name: 'QR code that opens the photo link on a phone' })).toBeTruthy();
  });

  it('asks for the phone link again when the selfie was taken here and the passport is next', async () => {
    const calls = mockFetch((call) => {
      if (isStatusCall(call, 'POST'))
        return [200, sessionView({ status: 'PASSPORT_LINKING_PHONE', captureType: 'passport' })];
      return [200, sessionView({ status: 'BIO_CAPTURE_COMPLETE', captureType: 'biometrics' })];
    });
    sessionStorage.setItem(`eta.captureHere.${SESSION_ID}`, '1');
    renderPage(
      i18n,
      <CaptureBiometricsPage />,
      '/capture/capture-biometrics',
      `/capture/capture-biometrics?sessionIdentifier=${SESSION_ID}`,
    );
    expect((await screen.findByRole('link', { name: 'Take the passport photo' })).getAttribute('href')).toContain(
      'cameraType=passport',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue on a phone instead' }));
    expect(await screen.findByRole('img', { name: 'QR code that opens the photo link on a phone' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'REQUEST_PHONE_LINK' });
  });

  it('without an applicant, leads back to the application', async () => {
    mockFetch(() => [500, {}]);
    renderPage(i18n, <CaptureBiometricsPage />, '/capture/capture-biometrics');
    expect(await screen.findByText(/We do not know whose photos to take/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your application' }).getAttribute('href')).toBe(
      '/applications/application',
    );
  });
});

describe('capture landing on the phone', () => {
  it('links the phone, keeps its device token for this tab and sends it back', async () => {
    const calls = mockFetch((call) => {
      if (isStatusCall(call, 'POST'))
        return [200, sessionView({ status: 'BIO_PHONE_LINKED', deviceToken: 'D'.repeat(43) })];
      return [200, sessionView()];
    });
    const { queryClient } = renderPage(
      i18n,
      <CaptureStartPage />,
      '/capture',
      `/capture?sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
    );
    const start = await screen.findByRole('link', { name: 'Take the photo of you' });
    expect(start.getAttribute('href')).toBe(
      `/capture/image-capture-entry?cameraType=biometrics&sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'LINK_PHONE' });
    expect(sessionStorage.getItem(`eta.captureDevice.${SESSION_ID}`)).toBe('D'.repeat(43));

    await queryClient.refetchQueries();
    const last = calls.at(-1)!;
    expect(last.method).toBe('GET');
    expect(last.headers.get(CAPTURE_DEVICE_HEADER)).toBe('D'.repeat(43));
  });

  it('tells a second phone that another device has the photos', async () => {
    mockFetch(() => [
      409,
      { error: 'These photos are being taken on another device.', code: 'CAPTURE_DEVICE_MISMATCH' },
    ]);
    renderPage(i18n, <CaptureStartPage />, '/capture', `/capture?sessionIdentifier=${SESSION_ID}`);
    expect(await screen.findByText(/Continue on the phone that opened the link first/)).toBeTruthy();
  });

  it('offers the passport once the selfie is in, and sends the phone back to the computer at the end', async () => {
    mockFetch(() => [200, sessionView({ status: 'BIO_CAPTURE_COMPLETE' })]);
    const first = renderPage(i18n, <CaptureStartPage />, '/capture', `/capture?sessionIdentifier=${SESSION_ID}`);
    expect((await screen.findByRole('link', { name: 'Take the passport photo' })).getAttribute('href')).toContain(
      'cameraType=passport',
    );
    first.unmount();
    mockFetch(() => [200, sessionView({ status: 'PASSPORT_CAPTURE_COMPLETE', captureType: 'passport' })]);
    renderPage(i18n, <CaptureStartPage />, '/capture', `/capture?sessionIdentifier=${SESSION_ID}`);
    expect(
      await screen.findByText('Both photos have been accepted. You can now return to your computer.'),
    ).toBeTruthy();
  });
});

/**
 * The camera's picture, which jsdom cannot show: the size of the video's frames (0 before the first) and the
 * grey level every pixel a canvas reads from it has (0 is a black frame).
 */
function fakeVideoFrames() {
  const scene = { width: 0, height: 0, grey: 0 };
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockImplementation(() => (scene.width > 0 ? 4 : 0));
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockImplementation(() => scene.width);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockImplementation(() => scene.height);
  const context = {
    drawImage: () => undefined,
    getImageData: (_x: number, _y: number, w: number, h: number) => ({
      data: new Uint8ClampedArray(w * h * 4).fill(scene.grey),
    }),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob([new Uint8Array([0xff, 0xd8, scene.grey])], { type: 'image/jpeg' })),
  );
  return scene;
}

describe('camera page', () => {
  const getUserMedia = vi.fn();
  beforeEach(() => {
    getUserMedia.mockReset();
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
  });

  it('asks for the back camera for the passport and shows the frame, tips and capture button', async () => {
    const stop = vi.fn();
    getUserMedia.mockResolvedValue({ getTracks: () => [{ stop }] });
    Object.assign(fakeVideoFrames(), { width: 1920, height: 1080, grey: 120 });
    mockFetch(() => [200, sessionView({ status: 'PASSPORT_CAPTURE_STARTED', captureType: 'passport' })]);
    const view = renderPage(
      i18n,
      <ImageCaptureEntryPage />,
      '/capture/image-capture-entry',
      `/capture/image-capture-entry?cameraType=passport&sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: "Photo of your passport's data page" })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Take photo' }).hasAttribute('disabled')).toBe(false),
    );
    expect(getUserMedia.mock.calls[0][0].video.facingMode).toEqual({ ideal: 'environment' });
    expect(screen.getByText('No glare or reflections on the page')).toBeTruthy();
    expect(screen.getByText('Fit the data page inside the frame.')).toBeTruthy();
    view.unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('offers Take photo only once the camera shows a picture, and never sends a black frame', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: vi.fn() }] });
    const scene = fakeVideoFrames();
    const calls = mockFetch((call) => {
      const body = call.body as { action: string } | undefined;
      if (body?.action === 'UPLOAD_IMAGE') return [200, sessionView({ status: 'BIO_CAPTURE_COMPLETE' })];
      return [200, sessionView({ status: 'BIO_CAPTURE_STARTED' })];
    });
    const { router } = renderPage(
      i18n,
      <ImageCaptureEntryPage />,
      '/capture/image-capture-entry',
      `/capture/image-capture-entry?cameraType=biometrics&sessionIdentifier=${SESSION_ID}&routeFrom=web`,
    );
    const take = () => screen.getByRole('button', { name: 'Take photo' });
    const video = await screen.findByLabelText('Camera view');
    // The camera is on, but the video has no frame yet.
    await waitFor(() => expect(screen.queryByText('Starting the camera…')).toBeNull());
    expect(take().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText("Waiting for the camera's picture…")).toBeTruthy();
    // Its first frames are black, as a camera's often are while it starts.
    Object.assign(scene, { width: 1280, height: 960, grey: 0 });
    fireEvent(video, new Event('loadeddata'));
    expect(take().hasAttribute('disabled')).toBe(true);
    // A picture.
    scene.grey = 128;
    fireEvent(video, new Event('playing'));
    await waitFor(() => expect(take().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText("Waiting for the camera's picture…")).toBeNull();

    // The lens is covered when the button is pressed: nothing is taken or sent, and the page says why.
    scene.grey = 4;
    await userEvent.click(take());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The camera is not showing a picture yet, so no photo was taken and no attempt was used.',
    );
    expect(screen.queryByRole('img', { name: 'The photo you have just taken' })).toBeNull();
    expect(take().hasAttribute('disabled')).toBe(true);

    // The picture is back: the photo is taken, checked and sent once.
    scene.grey = 128;
    fireEvent(video, new Event('playing'));
    await waitFor(() => expect(take().hasAttribute('disabled')).toBe(false));
    await userEvent.click(take());
    expect(await screen.findByRole('img', { name: 'The photo you have just taken' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use this photo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/capture/image-capture-result'));
    const uploads = calls.filter((c) => (c.body as { action?: string } | undefined)?.action === 'UPLOAD_IMAGE');
    expect(uploads).toHaveLength(1);
    expect((uploads[0].body as { image: string }).image).toBe('data:image/jpeg;base64,/9iA');
  });

  it('explains a refused camera and takes the photo from the file picker instead', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    const calls = mockFetch((call) => {
      const body = call.body as { action: string } | undefined;
      if (body?.action === 'UPLOAD_IMAGE') return [200, sessionView({ status: 'BIO_CAPTURE_COMPLETE' })];
      return [200, sessionView({ status: 'BIO_CAPTURE_STARTED' })];
    });
    const { router } = renderPage(
      i18n,
      <ImageCaptureEntryPage />,
      '/capture/image-capture-entry',
      `/capture/image-capture-entry?cameraType=biometrics&sessionIdentifier=${SESSION_ID}&routeFrom=web`,
    );
    expect(await screen.findByText(/This browser is not allowed to use the camera/)).toBeTruthy();
    expect(getUserMedia.mock.calls[0][0].video.facingMode).toEqual({ ideal: 'user' });
    const picker = screen.getByLabelText('Choose or take a photo of you');
    expect(picker.getAttribute('accept')).toBe('image/*');
    expect(picker.getAttribute('capture')).toBe('user');

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(picker, { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: 'The photo you have just taken' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use this photo' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/capture/image-capture-result'));
    expect(router.state.location.search).toBe(
      `?status=success&routeFrom=web&captureType=biometrics&sessionIdentifier=${SESSION_ID}`,
    );
    const posts = calls
      .filter((c) => c.method === 'POST')
      .map((c) => c.body as { action: string; captureType: string; image?: string });
    expect(posts[0]).toEqual({ action: 'START_CAPTURE', captureType: 'biometrics' });
    expect(posts[1].action).toBe('UPLOAD_IMAGE');
    expect(posts[1].image).toBe('data:image/jpeg;base64,/9j/4A==');
  });

  it('sends a refused photo to the result page with its error code', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'));
    mockFetch((call) => {
      const body = call.body as { action: string } | undefined;
      if (body?.action === 'UPLOAD_IMAGE')
        return [
          422,
          {
            error: 'This photo is blurred.',
            code: 'IMAGE_BLURRED',
            ...sessionView({ status: 'BIO_CAPTURE_STARTED', attemptsLeft: 4 }),
          },
        ];
      return [200, sessionView({ status: 'BIO_CAPTURE_STARTED' })];
    });
    const { router } = renderPage(
      i18n,
      <ImageCaptureEntryPage />,
      '/capture/image-capture-entry',
      `/capture/image-capture-entry?sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
    );
    expect(await screen.findByText(/No camera was found on this device/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Choose or take a photo of you'), {
      target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Use this photo' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?status=failure&errorCode=IMAGE_BLURRED&routeFrom=mobile&captureType=biometrics&sessionIdentifier=${SESSION_ID}`,
      ),
    );
  });

  it('retakes: back from the preview to the camera', async () => {
    getUserMedia.mockRejectedValue(new DOMException('busy', 'NotReadableError'));
    mockFetch(() => [200, sessionView({ status: 'BIO_CAPTURE_STARTED' })]);
    renderPage(
      i18n,
      <ImageCaptureEntryPage />,
      '/capture/image-capture-entry',
      `/capture/image-capture-entry?sessionIdentifier=${SESSION_ID}&routeFrom=web`,
    );
    expect(await screen.findByText(/Another app may be using it/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Choose or take a photo of you'), {
      target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Retake' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo of you' })).toBeTruthy();
  });
});

describe('result page', () => {
  it('gives the reason of a refused photo, the attempts left and a retry', async () => {
    mockFetch(() => [200, sessionView({ status: 'BIO_CAPTURE_STARTED', attemptsLeft: 4 })]);
    renderPage(
      i18n,
      <ImageCaptureResultPage />,
      '/capture/image-capture-result',
      `/capture/image-capture-result?status=failure&errorCode=IMAGE_BLURRED&routeFrom=web&captureType=biometrics&sessionIdentifier=${SESSION_ID}`,
    );
    expect(
      await screen.findByText('This photo is blurred. Hold the camera still, let it focus, and take the photo again.'),
    ).toBeTruthy();
    expect(await screen.findByText('You can try 4 more times.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      `/capture/image-capture-entry?cameraType=biometrics&sessionIdentifier=${SESSION_ID}&routeFrom=web`,
    );
  });

  it('after the last attempt, explains the stop instead of offering a retry', async () => {
    mockFetch(() => [
      200,
      sessionView({
        status: 'CAPTURE_RETRIES_EXCEEDED',
        attemptsLeft: 0,
        retryAfter: new Date(Date.now() + 60_000).toISOString(),
      }),
    ]);
    renderPage(
      i18n,
      <ImageCaptureResultPage />,
      '/capture/image-capture-result',
      `/capture/image-capture-result?status=failure&errorCode=IMAGE_TOO_DARK&routeFrom=mobile&captureType=biometrics&sessionIdentifier=${SESSION_ID}`,
    );
    expect(await screen.findByRole('heading', { name: 'Too many attempts' })).toBeTruthy();
    expect(screen.getByText(/This photo is too dark/)).toBeTruthy();
    expect(
      screen.getByText(
        'Read the tips for a good photo, then start the photos again in 1 minute from your application.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });

  it('explains a passport that cannot be used', async () => {
    mockFetch(() => [200, sessionView({ status: 'PASSPORT_COUNTRY_NOT_WHITELISTED' })]);
    renderPage(
      i18n,
      <ImageCaptureResultPage />,
      '/capture/image-capture-result',
      `/capture/image-capture-result?status=failure&errorCode=PASSPORT_COUNTRY_NOT_WHITELISTED&routeFrom=web&captureType=passport&sessionIdentifier=${SESSION_ID}`,
    );
    expect(
      await screen.findByRole('heading', { name: 'This passport cannot be used for an online application' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: "Check the applicants' details" }).getAttribute('href')).toBe(
      '/applications/manage-applicants',
    );
  });

  it('leads from an accepted selfie to the passport, and from an accepted passport back to the computer or the application', async () => {
    mockFetch(() => [200, sessionView()]);
    const selfie = renderPage(
      i18n,
      <ImageCaptureResultPage />,
      '/capture/image-capture-result',
      `/capture/image-capture-result?status=success&routeFrom=mobile&captureType=biometrics&sessionIdentifier=${SESSION_ID}`,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Photo of you accepted' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take the passport photo' }).getAttribute('href')).toBe(
      `/capture/image-capture-entry?cameraType=passport&sessionIdentifier=${SESSION_ID}&routeFrom=mobile`,
    );
    selfie.unmount();

    const phone = renderPage(
      i18n,
      <ImageCaptureResultPage />,
      '/capture/image-capture-result',
      `/capture/image-capture-result?status=success&routeFrom=mobile&captureType=passport&sessionIdentifier=${SESSION_ID}`,
    );
    expect(screen.getByText('Both photos have been accepted. You can now return to your computer.')).toBeTruthy();
    phone.unmount();

    const { router } = renderPage(
      i18n,
      <ImageCaptureResultPage />,
      '/capture/image-capture-result',
      `/capture/image-capture-result?status=success&routeFrom=web&captureType=passport&sessionIdentifier=${SESSION_ID}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue with your application' }));
    expect(router.state.location.pathname).toBe('/applications/application');
  });
});
