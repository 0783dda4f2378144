// The outcomes of applications, in the browser: after payment the decisions arrive (on a server of the journey's
// own that decides within a second and offers Google Wallet); My applications links each decided applicant to
// their document and shows a referred one as being decided; the ETA, the visa and the notice of refusal each render with their content; the ETA's PDF downloads;
// the public seal check accepts the real seal (pasted, or read from a photo of its QR code), refuses an altered
// one and asks for a seal when given none, and tells no more than the seal says; the Google Wallet link carries
// the seal; a failed wallet link ends on the wallet error page. Every text is looked up in the English catalogue;
// each page and state is checked with axe and photographed at 1280 and 375 px into .cache/screenshots/outcomes/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { createVerifiedAccount, signInBrowser, type Account, type Tokens } from './support/accounts';
import { problemSummary } from './support/application-form';
import { checkedAtBothWidths, en, enName } from './support/documents-payment';
import { expect, test, waitsForHydration } from './support/fixtures';
import {
  GOOGLE_ISSUER_ID,
  jwtPayload,
  outcomeThroughApi,
  outcomesServerEnv,
  reloadUntil,
  submittedApplicationThroughApi,
  type OutcomeView,
  type SubmittedApplicant,
} from './support/outcomes';
import { startServer, type RunningServer } from './support/server';
import { documentFileName } from '../src/shared/document-file-name';

const SHOTS = '.cache/screenshots/outcomes';
/** Where the downloaded PDF and the photo of the seal's QR code are written. */
const FILES = '.cache/outcomes-files';

/** A YYYY-MM-DD date as the English pages write it ("3 February 2030"). */
const date = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A condition or reason as its list item reads: its text, then what it means when the rules say more. */
const coded = ({ text, detail }: { text: string; detail?: string }) =>
  new RegExp(`^${escape(text)}\\s*${detail ? escape(detail) : ''}$`);
const fullName = (a: { givenNames: string; familyName: string }) => `${a.givenNames} ${a.familyName}`;

/** The page's h1 (with its caption, when there is one). */
function pageTitle(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

/** The value of a row of a definition list (the page's details), by the row's term. */
function detail(scope: Locator, term: string): Locator {
  return scope
    .locator('div')
    .filter({ has: scope.page().getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition');
}

/** The item texts of the list that follows a level-2 heading (conditions or reasons). */
function listAfter(page: Page, heading: string): Locator {
  return page
    .getByRole('heading', { level: 2, name: heading, exact: true })
    .locator('xpath=following-sibling::ul[1]')
    .getByRole('listitem');
}

let server: RunningServer;
let api: APIRequestContext;
let account: Account & { tokens: Tokens };
let approved: SubmittedApplicant;
let refused: SubmittedApplicant;
let referred: SubmittedApplicant;
let visaHolder: SubmittedApplicant;

test.describe.configure({ mode: 'serial' });

test.describe('outcomes: decisions, documents, the seal check and the wallets', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startServer({ env: outcomesServerEnv() });
    api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    account = await createVerifiedAccount(api);
    const holder = { givenNames: account.givenNames, familyName: account.familyName, dateOfBirth: '1986-04-12' };
    // One ETA application: the account holder with clean answers (approved), a child whose passport runs out five
    // days after the departure (refused by the rules: PASSPORT_EXPIRES_TOO_SOON), and a child who declares travel
    // through a yellow fever area (referred to a case officer: still being decided).
    const eta = await submittedApplicationThroughApi(api, account.tokens, 'ETA', [
      { ...holder, isAccountHolder: true },
      {
        givenNames: 'Léo',
        familyName: 'Dubois',
        dateOfBirth: '2015-02-01',
        isAccountHolder: false,
        answers: { departureDate: '2030-03-20', passportExpiryDate: '2030-03-25' },
      },
      {
        givenNames: 'Noor',
        familyName: 'Dubois',
        dateOfBirth: '2018-07-15',
        isAccountHolder: false,
        declarations: {
          yellowFeverTravel: true,
          yellowFeverTravelDetails: 'Travelled through Nairobi, Kenya, on 2 March; vaccinated in 2019.',
        },
      },
    ]);
    [approved, refused, referred] = eta.applicants;
    // And a visitor's visa under section 11(1) for someone else of the family (approved: a permit).
    const visa = await submittedApplicationThroughApi(api, account.tokens, 'ETA_SECTION_11_1', [
      { givenNames: 'Amélie Jeanne', familyName: 'Dubois', dateOfBirth: '1988-09-30', isAccountHolder: false },
    ]);
    [visaHolder] = visa.applicants;
  });

  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  test('My applications shows the decisions; the ETA, the visa and the notice of refusal; the PDF downloads', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await signInBrowser(context, server.baseURL, account.tokens);
    const main = page.getByRole('main');

    // ---- My applications: reloaded until every applicant is decided (the server decides after a second)
    await page.goto(`${server.baseURL}/my-applications`);
    const viewEta = page.getByRole('link', {
      name: enName('applications:pages.list.viewEta', { name: fullName(approved) }),
    });
    const viewVisa = page.getByRole('link', {
      name: enName('applications:pages.list.viewVisa', { name: fullName(visaHolder) }),
    });
    const viewNotice = page.getByRole('link', {
      name: enName('applications:pages.list.viewNotice', { name: fullName(refused) }),
    });
    await reloadUntil(page, async () =>
      (await Promise.all([viewEta, viewVisa, viewNotice].map((link) => link.count()))).every((n) => n === 1),
    );
    // The referred child waits for a case officer: one status, "Being decided", and no document to open.
    const referredItem = main
      .getByRole('listitem')
      .filter({ has: page.getByText(fullName(referred), { exact: true }) });
    const beingDecided = en('applications:pages.list.statusLine', {
      status: en('applications:pages.list.beingDecided'),
    });
    await expect(referredItem).toHaveText(`${fullName(referred)}${beingDecided}`);
    await expect(referredItem.getByRole('link')).toHaveCount(0);
    await expect(main.getByText(beingDecided, { exact: true })).toHaveCount(1);
    // The decided ones say so.
    for (const [applicant, status] of [
      [approved, 'APPROVED'],
      [refused, 'REJECTED'],
      [visaHolder, 'APPROVED'],
    ] as const)
      await expect(
        main.getByRole('listitem').filter({ has: page.getByText(fullName(applicant), { exact: true }) }),
      ).toContainText(
        en('applications:pages.list.statusLine', { status: en(`applications:enums.applicantStatus.${status}`) }),
      );
    // Each link leads to the applicant's own document.
    await expect(viewEta).toHaveAttribute(
      'href',
      `/applications/view-eta?applicantIdentifier=${approved.applicantIdentifier}`,
    );
    await expect(viewVisa).toHaveAttribute(
      'href',
      `/applications/view-visa?applicantIdentifier=${visaHolder.applicantIdentifier}`,
    );
    await expect(viewNotice).toHaveAttribute(
      'href',
      `/applications/view-notice?applicantIdentifier=${refused.applicantIdentifier}`,
    );
    await checkedAtBothWidths(page, SHOTS, '01-my-applications-decided');

    // ---- the ETA: the document with its holder, number, conditions, seal and actions
    const eta = await outcomeThroughApi(api, account.tokens, approved.applicantIdentifier, 'eta');
    expect(eta).toMatchObject({ kind: 'ETA', status: 'APPROVED' });
    await viewEta.click();
    await expect(page).toHaveURL(/\/applications\/view-eta\?applicantIdentifier=/);
    await expect(pageTitle(page)).toContainText(en('outcomes:document.kind.ETA'));
    await expectDocument(page, eta, approved);
    await expect(listAfter(page, en('outcomes:document.conditionsHeading'))).toHaveText(eta.conditions.map(coded));
    expect(eta.conditions.length).toBeGreaterThan(0);
    const actions = page.getByRole('group', { name: en('outcomes:document.actionsLabel') });
    await expect(actions.getByRole('button', { name: en('outcomes:document.print'), exact: true })).toBeVisible();
    await expect(
      actions.getByRole('button', { name: en('outcomes:document.wallet.google'), exact: true }),
    ).toBeVisible();
    await checkedAtBothWidths(page, SHOTS, '02-view-eta');

    // ---- Download PDF: a real PDF named after the document number
    const downloaded = page.waitForEvent('download');
    await actions.getByRole('button', { name: en('outcomes:document.download'), exact: true }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(documentFileName('eta', eta.documentNumber));
    const saved = join(FILES, documentFileName('eta', eta.documentNumber));
    mkdirSync(FILES, { recursive: true });
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(actions.getByRole('button', { name: en('outcomes:document.download'), exact: true })).toBeEnabled();

    // ---- the visa (a permit under section 11(1))
    const permit = await outcomeThroughApi(api, account.tokens, visaHolder.applicantIdentifier, 'permit');
    expect(permit).toMatchObject({ kind: 'PERMIT', status: 'APPROVED' });
    await page.goto(`${server.baseURL}/my-applications`);
    await viewVisa.click();
    await expect(page).toHaveURL(/\/applications\/view-visa\?applicantIdentifier=/);
    await expect(pageTitle(page)).toContainText(en('outcomes:document.kind.PERMIT'));
    await expectDocument(page, permit, visaHolder);
    await expect(listAfter(page, en('outcomes:document.conditionsHeading'))).toHaveText(permit.conditions.map(coded));
    await checkedAtBothWidths(page, SHOTS, '03-view-visa');

    // ---- the notice of refusal: the reasons, what can be done next, and the personal information
    const notice = await outcomeThroughApi(api, account.tokens, refused.applicantIdentifier, 'rejection-notice');
    expect(notice).toMatchObject({ kind: 'REJECTION_NOTICE', status: 'REJECTED' });
    expect(notice.reasons.map((r) => r.code)).toEqual(['PASSPORT_EXPIRES_TOO_SOON']);
    await page.goto(`${server.baseURL}/my-applications`);
    await viewNotice.click();
    await expect(page).toHaveURL(/\/applications\/view-notice\?applicantIdentifier=/);
    await expect(pageTitle(page)).toContainText(en('outcomes:document.kind.REJECTION_NOTICE'));
    await expectDocument(page, notice, refused);
    await expect(listAfter(page, en('outcomes:document.reasonsHeading'))).toHaveText(notice.reasons.map(coded));
    for (const heading of ['nextHeading', 'personalHeading'])
      await expect(
        page.getByRole('heading', { level: 2, name: en(`outcomes:document.${heading}`), exact: true }),
      ).toBeVisible();
    await expect(main).toContainText(en('outcomes:document.applyAgain'));
    await expect(main).toContainText(
      en('outcomes:document.personalContact', { reference: notice.applicationReference }),
    );
    await expect(page.getByRole('link', { name: en('outcomes:document.applyAgainLink'), exact: true })).toBeVisible();
    // A refusal is not added to a wallet.
    await expect(page.getByRole('button', { name: en('outcomes:document.wallet.google'), exact: true })).toHaveCount(0);
    await checkedAtBothWidths(page, SHOTS, '04-view-notice');

    // ---- a document of another kind than the applicant's decision is not shown
    await page.goto(`${server.baseURL}/applications/view-eta?applicantIdentifier=${refused.applicantIdentifier}`);
    await expect(main).toContainText(en('outcomes:document.notAvailableTitle'));
    await expect(pageTitle(page)).toHaveText(en('outcomes:viewEta.title'));
    await checkedAtBothWidths(page, SHOTS, '05-view-eta-not-available');
  });

  test('the public seal check: the real seal, from its text and from a photo; an altered seal; no seal', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const eta = await outcomeThroughApi(api, account.tokens, approved.applicantIdentifier, 'eta');
    const { msg } = (JSON.parse(eta.seal) as { data: { msg: { ini: string; iss: string; vf: string; vu: string } } })
      .data;
    // Signed out, in a browser of its own: anyone may check a seal.
    const visitor = await browser.newContext({ locale: 'en-GB' });
    const page = await visitor.newPage();
    // The check below is the scripts' (the summary focused in the page): the visitor waits for the page to answer.
    waitsForHydration(page, true);
    const main = page.getByRole('main');
    const sealText = page.getByRole('textbox', { name: en('outcomes:verify.textLabel') });
    const check = page.getByRole('button', { name: en('outcomes:verify.check'), exact: true });
    const result = main.locator('dl');

    await page.goto(`${server.baseURL}/verify-seal`);
    await expect(pageTitle(page)).toHaveText(en('outcomes:verify.title'));
    await expect(page.getByRole('banner')).toBeVisible();

    // ---- nothing given: the error summary asks for the seal
    await check.click();
    await expect(problemSummary(page).getByRole('link')).toHaveText([en('outcomes:verify.errors.empty')]);
    await expect(problemSummary(page)).toBeFocused();
    await expect(page).toHaveTitle(/^Error: /);
    await checkedAtBothWidths(page, SHOTS, '10-verify-empty');

    // ---- the real seal, pasted: genuine and valid, with the dates and initials, and nothing more of the holder
    await sealText.fill(eta.seal);
    await check.click();
    await expect(main.getByRole('heading', { level: 2, name: en('outcomes:verify.resultHeading') })).toBeVisible();
    await expect(problemSummary(page)).toHaveCount(0);
    await expect(page).not.toHaveTitle(/^Error: /);
    const genuine = async () => {
      await expect(main).toContainText(en('outcomes:verify.genuine', { department: en('common:header.department') }));
      await expect(detail(result, en('outcomes:verify.field.validity'))).toHaveText(en('outcomes:verify.status.VALID'));
      await expect(detail(result, en('outcomes:verify.field.documentType'))).toHaveText(
        en('outcomes:document.kind.ETA'),
      );
      await expect(detail(result, en('outcomes:verify.field.issuedOn'))).toHaveText(date(msg.iss));
      await expect(detail(result, en('outcomes:verify.field.validFrom'))).toHaveText(date(msg.vf));
      await expect(detail(result, en('outcomes:verify.field.validUntil'))).toHaveText(date(msg.vu));
      await expect(detail(result, en('outcomes:verify.field.initials'))).toHaveText(msg.ini);
      const shown = await main.innerText();
      expect(shown).not.toContain(approved.givenNames);
      expect(shown).not.toContain(approved.familyName);
      expect(shown).not.toContain(approved.passportNumber);
    };
    expect(eta.validUntil).toBe(msg.vu);
    await genuine();
    await checkedAtBothWidths(page, SHOTS, '11-verify-genuine');

    // ---- the same seal with its "valid until" moved a year on: the signature no longer matches
    const altered = JSON.parse(eta.seal) as { data: { msg: { vu: string } } };
    altered.data.msg.vu = `${Number(msg.vu.slice(0, 4)) + 1}${msg.vu.slice(4)}`;
    await sealText.fill(JSON.stringify(altered));
    await check.click();
    await expect(main.getByRole('heading', { level: 2, name: en('outcomes:verify.refusedTitle') })).toBeVisible();
    await expect(main).toContainText(en('outcomes:verify.refused.BAD_SIGNATURE'));
    await expect(main.getByRole('heading', { level: 2, name: en('outcomes:verify.resultHeading') })).toHaveCount(0);
    await checkedAtBothWidths(page, SHOTS, '12-verify-altered');

    // ---- a photo of the QR code: read in the browser, then the same answer as the pasted text
    const photo = join(FILES, `seal-qr-${process.pid}.png`);
    mkdirSync(FILES, { recursive: true });
    await QRCode.toFile(photo, eta.seal, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
    await page.reload();
    await page.getByLabel(en('outcomes:verify.photoLabel')).setInputFiles(photo);
    await expect(main).toContainText(en('outcomes:verify.photoRead'));
    await expect(sealText).toHaveValue(eta.seal);
    await genuine();
    await checkedAtBothWidths(page, SHOTS, '13-verify-photo');
    await visitor.close();
  });

  test('wallets: the Google Wallet link carries the seal; a failed link ends on the wallet error page', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await signInBrowser(context, server.baseURL, account.tokens);
    const eta = await outcomeThroughApi(api, account.tokens, approved.applicantIdentifier, 'eta');
    const viewEtaUrl = `${server.baseURL}/applications/view-eta?applicantIdentifier=${approved.applicantIdentifier}`;
    const google = page.getByRole('button', { name: en('outcomes:document.wallet.google'), exact: true });

    // The server offers Google Wallet only (no Apple credentials are configured).
    const wallets = await api.get('/api/eta/applicants/wallets', {
      headers: { Authorization: `Bearer ${account.tokens.accessToken}` },
    });
    expect(await wallets.json()).toEqual({ wallets: ['google'] });

    // ---- Add to Google Wallet: the portal goes to Google's save address, whose JWT holds the seal
    await page.route('https://pay.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Google Wallet</title><p>Saved</p>' }),
    );
    await page.goto(viewEtaUrl);
    await expect(page.getByRole('button', { name: en('outcomes:document.wallet.apple') })).toHaveCount(0);
    await google.click();
    await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const token = new URL(page.url()).pathname.split('/').pop()!;
    const claims = jwtPayload(token) as {
      typ: string;
      payload: { genericObjects: { classId: string; barcode: { type: string; value: string } }[] };
    };
    expect(claims.typ).toBe('savetowallet');
    const [pass] = claims.payload.genericObjects;
    expect(pass.classId.startsWith(`${GOOGLE_ISSUER_ID}.`)).toBe(true);
    expect(pass.barcode.type).toBe('QR_CODE');
    expect((JSON.parse(pass.barcode.value) as { data: unknown }).data).toEqual(
      (JSON.parse(eta.seal) as { data: unknown }).data,
    );

    // ---- the wallet link fails: the wallet error page, without header and footer
    await page.route('**/api/eta/applicants/wallet-link**', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'BAD_GATEWAY', error: 'Bad gateway' }),
      }),
    );
    await page.goto(viewEtaUrl);
    await google.click();
    await expect(page).toHaveURL(`${server.baseURL}/wallet-error`);
    await expect(pageTitle(page)).toHaveText(en('common:walletError.title'));
    await expect(page.getByRole('main')).toContainText(en('common:walletError.body'));
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await checkedAtBothWidths(page, SHOTS, '20-wallet-error');

    // Its link leads back to My applications, where the ETA is still one click away.
    await page.getByRole('link', { name: en('common:walletError.myApplications'), exact: true }).click();
    await expect(page).toHaveURL(`${server.baseURL}/my-applications`);
    await expect(
      page.getByRole('link', { name: enName('applications:pages.list.viewEta', { name: fullName(approved) }) }),
    ).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

/** The facts every document shows: the holder's name and passport, its number, dates, and its seal as a QR code. */
async function expectDocument(page: Page, outcome: OutcomeView, applicant: SubmittedApplicant) {
  const document = page.getByRole('main').getByRole('article');
  await expect(document).toBeVisible();
  const details = document.locator('dl');
  const field = (key: string) => detail(details, en(`outcomes:document.field.${key}`));
  await expect(document.getByRole('heading', { level: 2, name: en('outcomes:document.detailsHeading') })).toBeVisible();
  await expect(field('names')).toHaveText(fullName(applicant));
  await expect(field('passportNumber')).toHaveText(applicant.passportNumber);
  await expect(field('documentNumber')).toHaveText(outcome.documentNumber);
  await expect(field('applicationReference')).toHaveText(outcome.applicationReference);
  await expect(field('dateOfBirth')).toHaveText(date(applicant.dateOfBirth));
  // A notice is dated by its decision; an ETA or visa by its issue and validity.
  if (outcome.kind === 'REJECTION_NOTICE') await expect(field('decidedOn')).toHaveText(date(outcome.validFrom));
  else await expect(field('issuedOn')).toHaveText(date(outcome.issuedOn));
  if (outcome.validUntil) await expect(field('validUntil')).toHaveText(date(outcome.validUntil));
  await expect(document).toContainText(en(`outcomes:document.status.${outcome.status}`));
  await expect(document.getByRole('img', { name: en('outcomes:document.sealImage') })).toBeVisible();
  await expect(document.getByRole('link', { name: en('outcomes:document.sealLink'), exact: true })).toBeVisible();
}
