// Reading a document's seal as a visitor would: a screenshot of the ETA page taken at 1x (1280 and 375 px wide), the
// PDF printed at 150 dpi (pdftoppm; installed with apt-get as root when missing), and a large photo in which a
// printed page is only a part, each chosen on /verify-seal, which reads the QR code and says the seal is genuine.
// Also: the submitted page's heading shows a focus ring that stands out on its dark green panel. Screenshots at
// 1280 and 375 px go to .cache/screenshots/seal-scan/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { pdfPageAsPng } from '../tests/support/poppler';
import { createVerifiedAccount, signInBrowser, type Account, type Tokens } from './support/accounts';
import { expectNoSidewaysScroll } from './support/application-form';
import { en } from './support/documents-payment';
import { expect, test } from './support/fixtures';
import { outcomesServerEnv, submittedApplicationThroughApi, type SubmittedApplicant } from './support/outcomes';
import { startServer, type RunningServer } from './support/server';
import { photograph } from './support/screenshots';

const SHOTS = '.cache/screenshots/seal-scan';
const FILES = '.cache/seal-scan-files';
/** This journey's own server, on a port of the range E2E_PORT starts. */
const PORT = Number(process.env.E2E_PORT ?? 8188) + 3;

let server: RunningServer;
let api: APIRequestContext;
let account: Account & { tokens: Tokens };
let holder: SubmittedApplicant;
let applicationIdentifier: string;

const auth = () => ({ Authorization: `Bearer ${account.tokens.accessToken}` });

test.describe.configure({ mode: 'serial' });

test.describe('the seal is read from a screen, a printed page and a photo', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    mkdirSync(FILES, { recursive: true });
    server = await startServer({ env: outcomesServerEnv(), port: PORT });
    api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    account = await createVerifiedAccount(api);
    const submitted = await submittedApplicationThroughApi(api, account.tokens, 'ETA', [
      {
        givenNames: account.givenNames,
        familyName: account.familyName,
        dateOfBirth: '1986-04-12',
        isAccountHolder: true,
      },
    ]);
    [holder] = submitted.applicants;
    applicationIdentifier = submitted.applicationIdentifier;
    // The journey's server decides a second after submission.
    await expect
      .poll(
        async () =>
          (await api.get(`/api/eta/applicants/${holder.applicantIdentifier}/eta`, { headers: auth() })).status(),
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  /** Chooses `file` on /verify-seal, signed out in a browser of its own, and expects a genuine, valid seal. */
  async function readsAsGenuine(browser: Browser, file: string) {
    const visitor = await browser.newContext({ locale: 'en-GB' });
    try {
      const page = await visitor.newPage();
      await page.goto(`${server.baseURL}/verify-seal`);
      await page.getByLabel(en('outcomes:verify.photoLabel')).setInputFiles(file);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2, name: en('outcomes:verify.resultHeading') })).toBeVisible({
        timeout: 30_000,
      });
      await expect(main).toContainText(en('outcomes:verify.photoRead'));
      await expect(main).toContainText(en('outcomes:verify.status.VALID'));
    } finally {
      await visitor.close();
    }
  }

  /** The seal's QR code on the page: its size in CSS pixels per module, quiet zone included. */
  async function pixelsPerModule(page: Page): Promise<number> {
    const code = page.getByRole('img', { name: en('outcomes:document.sealImage') });
    const box = await code.boundingBox();
    const modules = Number(await code.getAttribute('data-modules'));
    expect(box, 'the seal is shown').not.toBeNull();
    expect(box!.width).toBeCloseTo(box!.height, 0);
    return box!.width / modules;
  }

  test('a screenshot of the ETA page at 1x reads, at 1280 and at 375 px', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ deviceScaleFactor: 1, locale: 'en-GB' });
    await signInBrowser(context, server.baseURL, account.tokens);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseURL}/applications/view-eta?applicantIdentifier=${holder.applicantIdentifier}`);
    await expect(page.getByRole('img', { name: en('outcomes:document.sealImage') })).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page, `the ETA at ${width} px`);
      expect(await pixelsPerModule(page)).toBeGreaterThanOrEqual(3);
      const shot = join(SHOTS, `view-eta-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await readsAsGenuine(browser, shot);
    }
    await context.close();
  });

  test('the PDF printed at 150 dpi reads', async ({ browser }) => {
    test.setTimeout(180_000);
    const response = await api.post(`/api/eta/applicants/${holder.applicantIdentifier}/eta-pdf`, {
      headers: { ...auth(), 'Accept-Language': 'en' },
    });
    expect(response.status()).toBe(200);
    const pdf = join(FILES, `eta-${process.pid}.pdf`);
    writeFileSync(pdf, await response.body());
    await readsAsGenuine(browser, pdfPageAsPng(pdf, join(FILES, `eta-150dpi-${process.pid}`), 150));
  });

  test('a large photo in which the printed page is only a part reads, at its full resolution', async ({ browser }) => {
    test.setTimeout(180_000);
    const response = await api.post(`/api/eta/applicants/${holder.applicantIdentifier}/eta-pdf`, {
      headers: { ...auth(), 'Accept-Language': 'en' },
    });
    const pdf = join(FILES, `eta-photo-${process.pid}.pdf`);
    writeFileSync(pdf, await response.body());
    // The page at 150 dpi (1240 x 1754 px) lying on a desk, in a photo of 6000 x 4500 px (27 megapixels): its seal's
    // modules are 3 to 4 pixels wide, but scaled down to 1,600 px they would be under one.
    const sheet = pdfPageAsPng(pdf, join(FILES, `eta-150dpi-photo-${process.pid}`), 150);
    const photo = join(FILES, `photo-${process.pid}.jpg`);
    await sharp({ create: { width: 6000, height: 4500, channels: 3, background: { r: 120, g: 104, b: 88 } } })
      .composite([{ input: sheet, left: 3900, top: 1500 }])
      .jpeg({ quality: 92 })
      .toFile(photo);
    await readsAsGenuine(browser, photo);
  });

  test('the submitted page’s heading has a focus ring that stands out on the dark green panel', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ deviceScaleFactor: 1, locale: 'en-GB' });
    await signInBrowser(context, server.baseURL, account.tokens);
    const page = await context.newPage();
    await page.goto(
      `${server.baseURL}/applications/application-submitted?applicationIdentifier=${applicationIdentifier}`,
    );
    const heading = page.getByRole('heading', { level: 1, name: en('payments:page.submitted.title') });
    await expect(heading).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      // Keyboard focus, as after Tab or a navigation from the keyboard.
      await page.keyboard.press('Shift');
      await heading.focus();
      const ring = await heading.evaluate((element) => {
        const style = getComputedStyle(element);
        const panel = element.parentElement as HTMLElement;
        const box = element.getBoundingClientRect();
        const panelBox = panel.getBoundingClientRect();
        const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
        return {
          visible: element.matches(':focus-visible') && style.outlineStyle !== 'none',
          width: parseFloat(style.outlineWidth),
          colour: style.outlineColor,
          panel: getComputedStyle(panel).backgroundColor,
          inside:
            box.left - reach >= panelBox.left &&
            box.right + reach <= panelBox.right &&
            box.top - reach >= panelBox.top &&
            box.bottom + reach <= panelBox.bottom,
        };
      });
      expect(ring.visible, `focus shown at ${width} px`).toBe(true);
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.inside, `the ring lies on the panel at ${width} px`).toBe(true);
      // WCAG 2.2's focus appearance asks 3:1 at least; the page's black ring reached only 3.4:1 on this green and
      // could hardly be seen: the ring must stand out as clearly as text would (4.5:1).
      expect(contrast(ring.colour, ring.panel), `${ring.colour} on ${ring.panel}`).toBeGreaterThanOrEqual(4.5);
      await photograph(page, join(SHOTS, `submitted-focus-${width}.png`), { fullPage: false });
    }
    await context.close();
  });
});

/** The WCAG contrast ratio of two CSS colours written rgb(r, g, b). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
