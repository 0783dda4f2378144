// Faults in the middle of a journey, in the browser against the real server: the API stopped and started again on
// the same data between two page saves, during an upload and between the card page and the return to the portal;
// a request that times out; the same form in two tabs; double clicks on the buttons that save, pay and confirm.
// Nothing typed, uploaded or paid is lost or done twice: every count is read back from the API, the development
// mailbox or the server's own database. Texts come from the English catalogue.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { request as playwrightRequest, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { createVerifiedAccount, latestMail, signInBrowser, type Tokens } from './support/accounts';
import {
  applicationForTwoThroughApi,
  continueTo,
  fillPassport,
  fillPersonalDetails,
  pageHeading,
  passCaptureThroughApi,
  savedApplicationForm,
} from './support/application-form';
import { rememberApplication } from './support/capture-setup';
import {
  applicationAtDocumentsThroughApi,
  DECLARATIONS,
  documentFiles,
  documentsCompletedThroughApi,
  en,
  FORM_ANSWERS,
  slowUploads,
} from './support/documents-payment';
import { expect, test } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

/** A polite message of the page (role status) with this text. */
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Answers that reached the server: successful saves of the application form. */
function watchFormSaves(page: Page): Response[] {
  const saves: Response[] = [];
  page.on('response', (response) => {
    if (
      response.request().method() === 'PUT' &&
      response.url().includes('/api/eta/application-details/') &&
      response.status() === 200
    )
      saves.push(response);
  });
  return saves;
}

/** The messages the development mailbox holds for an address with this subject (the newest first). */
async function mails(api: APIRequestContext, to: string, subject: string) {
  const response = await api.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { subject: string }[]).filter((m) => m.subject === subject);
}

/** How many rows of a table of the server's own database (read-only, beside the running server) match. */
function countRows(dataDir: string, table: string, where: Record<string, string>): number {
  const db = new Database(join(dataDir, 'eta.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const columns = Object.keys(where);
    const sql = `SELECT count(*) AS n FROM ${table} WHERE ${columns.map((c) => `${c} = ?`).join(' AND ')}`;
    return (db.prepare(sql).get(...columns.map((c) => where[c])) as { n: number }).n;
  } finally {
    db.close();
  }
}

// A server of a test's own (for the tests that stop it, or count rows of its database), ended after each test.
let server: RunningServer | undefined;
let api: APIRequestContext | undefined;
test.afterEach(async () => {
  await api?.dispose();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  server = undefined;
  api = undefined;
});

/** A server of the test's own, an account and its session in the browser. */
async function ownServerAndAccount(page: Page) {
  server = await startServer();
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const account = await createVerifiedAccount(api);
  await signInBrowser(page.context(), server.baseURL, account.tokens);
  return { server, api, account };
}

/** Starts the server again on the same port and data. */
async function restart(running: RunningServer) {
  server = await startServer({ port: running.port, dataDir: running.dataDir });
}

/** An application of the account holder and a child, ready to pay, on the test's own server. */
async function readyToPay(page: Page) {
  const { api, account } = await ownServerAndAccount(page);
  const application = await applicationAtDocumentsThroughApi(api, account.tokens, account);
  const guid = application.applicationIdentifier;
  await documentsCompletedThroughApi(api, account.tokens, guid, [application.first, application.second]);
  await rememberApplication(page.context(), guid);
  return { api, account, guid };
}

/** Paid once, submitted once, one confirmation e-mail: read from the API, the mailbox and the database. */
async function expectPaidOnce(api: APIRequestContext, account: { email: string; tokens: Tokens }, guid: string) {
  const submission = await api.get(`/api/eta/applications/${guid}/submission`, { headers: auth(account.tokens) });
  expect(submission.status()).toBe(200);
  const { reference } = (await submission.json()) as { reference: string };
  const overview = await api.get(`/api/eta/applications/${guid}/payment`, { headers: auth(account.tokens) });
  expect(await overview.json()).toMatchObject({ status: 'PAID', reference });
  expect(countRows(server!.dataDir, 'payments', { application_id: guid })).toBe(1);
  expect(countRows(server!.dataDir, 'payments', { application_id: guid, status: 'PAID' })).toBe(1);
  expect(countRows(server!.dataDir, 'application_submissions', { application_id: guid })).toBe(1);
  const subject = en('emails:applicationSubmitted.subject');
  await latestMail(api, account.email, new RegExp(`^${escape(subject)}$`));
  expect(await mails(api, account.email, subject)).toHaveLength(1);
}

const payButton = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`^${escape(en('payments:page.overview.pay', { amount: '' }))}`) });
const sandboxPayButton = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`^${escape(en('payments:sandbox.pay', { amount: '' }))}`) });

/** An account with an application whose first applicant has passed the photo step, signed in in this browser. */
async function atApplicationForm(page: Page, request: APIRequestContext, baseURL: string) {
  const account = await createVerifiedAccount(request);
  const ids = await applicationForTwoThroughApi(request, account.tokens, account);
  await passCaptureThroughApi(request, account.tokens, ids.applicationIdentifier, ids.first);
  await signInBrowser(page.context(), baseURL, account.tokens);
  await rememberApplication(page.context(), ids.applicationIdentifier);
  return { account, ids, formUrl: `/applications/application?applicantIdentifier=${ids.first}` };
}

test.describe('the API restarted mid-journey', () => {
  test('between two page saves: the page typed while it is down is kept, then saved once when it is back', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const { api, account } = await ownServerAndAccount(page);
    const ids = await applicationForTwoThroughApi(api, account.tokens, account);
    await passCaptureThroughApi(api, account.tokens, ids.applicationIdentifier, ids.first);
    await rememberApplication(page.context(), ids.applicationIdentifier);
    const saves = watchFormSaves(page);

    await page.goto(`${server!.baseURL}/applications/application?applicantIdentifier=${ids.first}`);
    await expect(pageHeading(page, 'Personal details')).toBeVisible();
    await fillPersonalDetails(page);
    await continueTo(page, 'Passport');
    await expect.poll(() => saves.length).toBeGreaterThan(0);

    // The service goes away between this page save and the next.
    await server!.kill();
    await fillPassport(page, '2033-05-04');
    await continueTo(page, 'Contact details and home address');
    const kept = status(page, en('journey:save.kept'));
    await expect(kept).toBeVisible();
    const backup = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('eta.answers.application-form.'));
      return key ? (JSON.parse(localStorage.getItem(key)!) as { answers: Record<string, unknown> }).answers : {};
    });
    expect(backup).toMatchObject({ passportExpiryDate: '2033-05-04' });

    const before = saves.length;
    await restart(server!);
    await expect(status(page, en('journey:save.saved'))).toBeVisible({ timeout: 60_000 });
    await expect(kept).toHaveCount(0);
    const saved = await savedApplicationForm(api, account.tokens, ids.applicationIdentifier, ids.first);
    expect(saved.answers).toMatchObject({
      cityOfBirth: 'Lyon',
      passportExpiryDate: '2033-05-04',
      passportIssuingAuthority: 'Préfecture du Rhône',
    });
    // Sent once when it came back (the queue stops once the server holds the answers), and the backup is gone.
    expect(saves.length - before).toBe(1);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('eta.answers.')))).toEqual(
      [],
    );
  });

  test('during an upload: the message, a retry, and the file stored exactly once', async ({ page }) => {
    test.setTimeout(150_000);
    const { api, account } = await ownServerAndAccount(page);
    const { applicationIdentifier: guid, first } = await applicationAtDocumentsThroughApi(api, account.tokens, account);
    await rememberApplication(page.context(), guid);
    const files = await documentFiles();

    await page.goto(`${server!.baseURL}/applications/supporting-documents?applicantIdentifier=${first}`);
    const section = page
      .getByRole('main')
      .getByRole('region', { name: new RegExp(`^${escape(en('documents:types.OTHER.label'))}`) });
    const input = section.getByLabel(
      new RegExp(
        `^(${escape(en('documents:page.upload.label'))}|${escape(en('documents:page.upload.labelAnother'))}) `,
      ),
    );
    await expect(input).toBeVisible();

    // A slow line, so that the upload is still under way when the service goes away.
    const restore = await slowUploads(page, 100_000);
    await input.setInputFiles(files.booking.path);
    await expect(section.getByRole('progressbar')).toBeVisible();
    await server!.kill();
    const failed = en('documents:page.errors.uploadFailed');
    await expect(section).toContainText(failed, { timeout: 30_000 });
    await restore();

    // Back again: the same file chosen again is stored, once.
    await restart(server!);
    await input.setInputFiles(files.booking.path);
    await expect(status(page, en('documents:page.upload.done', { name: files.booking.name }))).toBeVisible();
    await expect(section).not.toContainText(failed);
    const listed = await api.get(`/api/eta/applications/${guid}/documents?applicantIdentifier=${first}`, {
      headers: auth(account.tokens),
    });
    expect(listed.status()).toBe(200);
    const body = JSON.stringify(await listed.json());
    expect(body.split(`"${files.booking.name}"`).length - 1, body).toBe(1);
  });

  test('between the card page and the return: paid once, submitted once, one e-mail', async ({ page }) => {
    test.setTimeout(150_000);
    const { api, account, guid } = await readyToPay(page);
    await page.goto(`${server!.baseURL}/applications/payment-overview`);
    await payButton(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('payments:sandbox.heading'));
    await page.getByLabel(en('payments:sandbox.cardNumber'), { exact: true }).fill('4242 4242 4242 4242');
    // The card is taken (the sandbox answers with its way back to the portal); the service goes away before the
    // browser is back at the portal.
    let crashed = false;
    let back = '';
    await page.route('**/payments/sandbox/**', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const answer = await route.fetch({ maxRedirects: 0 });
      expect(answer.status()).toBe(303);
      back = new URL(answer.headers()['location'], server!.baseURL).href;
      await server!.kill();
      crashed = true;
      await route.fulfill({ response: answer });
    });
    await sandboxPayButton(page).click();
    await expect.poll(() => crashed).toBe(true);
    await restart(server!);
    await page.unroute('**/payments/sandbox/**');
    // The visitor opens the way back again (as a reload would), once the browser has given up on the first try.
    await expect(async () => {
      await page.goto(back);
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('payments:page.submitted.title'), {
      timeout: 30_000,
    });

    // A second return (the provider's page reloaded, the link opened again) changes nothing.
    await page.goto(`${server!.baseURL}/applications/payment-complete?applicationIdentifier=${guid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('payments:page.submitted.title'));
    await expectPaidOnce(api, account, guid);
  });
});

test.describe('a request that times out', () => {
  /** An account with an application whose first applicant is at the application form, signed in. */

  /** The error dialog with the time-out message; closed by its button. */
  async function closeTimedOutDialog(page: Page) {
    const dialog = page
      .getByRole('dialog', { name: en('common:errorDialog.title') })
      .or(page.getByRole('alertdialog', { name: en('common:errorDialog.title') }));
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(en('common:errors.requestTimedOut'));
    await dialog.getByRole('button', { name: en('common:errorDialog.close') }).click();
    await expect(dialog).toBeHidden();
  }

  // The server sends the form's answers with the page it renders; the browser loads them itself when the form is
  // opened from the task list once the page's scripts run, and that load is the one retried.
  test('loading the form: up to three retries on time-outs, then the message', async ({ page, request, baseURL }) => {
    await atApplicationForm(page, request, baseURL!);
    const openFormFromTaskList = async () => {
      await page.goto('/applications/application');
      await page.getByRole('link', { name: 'Application form' }).first().click();
    };
    // A gateway that gives up (504) twice, then the answers come through.
    let loads = 0;
    await page.route('**/api/eta/applications/*/answers/application-form?**', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      loads += 1;
      if (loads <= 2) return route.fulfill({ status: 504, contentType: 'text/plain', body: 'Gateway Timeout' });
      return route.continue();
    });
    await openFormFromTaskList();
    await expect(pageHeading(page, 'Personal details')).toBeVisible({ timeout: 20_000 });
    expect(loads).toBe(3);

    // Every try times out: the first call and three retries, then the dialog, and the page says it could not load.
    loads = 0;
    await page.unroute('**/api/eta/applications/*/answers/application-form?**');
    await page.route('**/api/eta/applications/*/answers/application-form?**', async (route) => {
      loads += 1;
      await route.fulfill({ status: 408, contentType: 'text/plain', body: 'Request Timeout' });
    });
    await openFormFromTaskList();
    await expect(page.getByText(en('journey:form.loadFailed'))).toBeVisible({ timeout: 30_000 });
    expect(loads).toBe(4);
    await closeTimedOutDialog(page);
  });

  // The form moves on to the next page and focuses its heading while the dialog opens: the dialog keeps focus (a
  // modal left by focus would stay on screen, hidden from screen readers) and gives it to that heading on closing.
  test('saving a page: the message, the answers kept and saved again once, not twice', async ({
    page,
    request,
    baseURL,
  }) => {
    const { account, ids, formUrl } = await atApplicationForm(page, request, baseURL!);
    await page.goto(formUrl);
    await expect(pageHeading(page, 'Personal details')).toBeVisible();
    await fillPersonalDetails(page);
    // The server stores the page but the answer never reaches the browser in time: the gateway answers 504.
    const puts: number[] = [];
    await page.route('**/api/eta/application-details/**', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const answer = await route.fetch();
      puts.push(answer.status());
      if (puts.length === 1) return route.fulfill({ status: 504, contentType: 'text/plain', body: 'Gateway Timeout' });
      return route.fulfill({ response: answer });
    });
    // The page behind the dialog is hidden from screen readers until it closes: its heading is looked for after.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await closeTimedOutDialog(page);
    await expect(pageHeading(page, 'Passport')).toBeFocused();
    await expect(status(page, en('journey:save.saved'))).toBeVisible({ timeout: 20_000 });
    // One try timed out, one more saved; nothing is sent after that.
    expect(puts).toEqual([200, 200]);
    const saved = await savedApplicationForm(request, account.tokens, ids.applicationIdentifier, ids.first);
    expect(saved.answers).toMatchObject({ cityOfBirth: 'Lyon', maritalStatus: 'MARRIED' });
    await expect(status(page, en('journey:save.kept'))).toHaveCount(0);
  });
});

test.describe('double clicks and double Enter', () => {
  /** Saves of one form as the browser sends them: the page saved (none for the whole form) and whether a draft. */
  function watchSaves(page: Page, path: string) {
    const saves: { page?: string; draft?: boolean }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes(path))
        saves.push(request.postDataJSON() as { page?: string; draft?: boolean });
    });
    return { explicit: () => saves.filter((save) => !save.draft) };
  }

  test('Continue on a form page, clicked twice or Enter pressed twice: one page saved, one page on', async ({
    page,
    request,
    baseURL,
  }) => {
    const { formUrl } = await atApplicationForm(page, request, baseURL!);
    const saves = watchSaves(page, '/api/eta/application-details/');

    await page.goto(formUrl);
    await expect(pageHeading(page, 'Personal details')).toBeVisible();
    await fillPersonalDetails(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).dblclick();
    await expect(pageHeading(page, 'Passport')).toBeVisible();
    await fillPassport(page);
    const authority = page.getByRole('textbox', { name: /^Issuing authority/ });
    await authority.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(pageHeading(page, 'Contact details and home address')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect.poll(() => saves.explicit().map((save) => save.page)).toEqual(['personal-details', 'passport']);
  });

  test('Confirm declarations on check answers, clicked twice: the form saved once, the step completed once', async ({
    page,
    request,
    signedIn: account,
  }) => {
    const ids = await applicationForTwoThroughApi(request, account.tokens, account);
    const guid = ids.applicationIdentifier;
    await passCaptureThroughApi(request, account.tokens, guid, ids.first);
    const headers = auth(account.tokens);
    const facts = await request.get(
      `/api/eta/applications/${guid}/answers/application-form?applicantIdentifier=${ids.first}`,
      { headers },
    );
    const prefilled = ((await facts.json()) as { answers: Record<string, unknown> }).answers;
    for (const [formId, answers, draft] of [
      ['application-form', { ...FORM_ANSWERS, ...prefilled }, false],
      ['declarations', DECLARATIONS, true],
    ] as const) {
      const saved = await request.put(`/api/eta/applications/${guid}/answers/${formId}`, {
        headers,
        data: { applicantIdentifier: ids.first, answers, draft },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    await rememberApplication(page.context(), guid);
    const saves = watchSaves(page, '/api/eta/declarations');

    await page.goto(`/applications/declarations?applicantIdentifier=${ids.first}`);
    const checkAnswers = pageHeading(page, 'Check your answers');
    const next = page.getByRole('button', { name: /^(Continue|Confirm declarations)$/ });
    // Every answer is given: each page goes on to the next, up to the check-answers page.
    for (let pages = 0; pages < 20 && !(await checkAnswers.isVisible()); pages += 1) {
      const heading = await page.getByRole('heading', { level: 2 }).first().textContent();
      await next.click();
      await expect(page.getByRole('heading', { level: 2 }).first()).not.toHaveText(heading ?? '');
    }
    await expect(checkAnswers).toBeVisible();
    const pageSaves = saves.explicit().length;
    await page.getByRole('button', { name: 'Confirm declarations', exact: true }).dblclick();
    await expect(page).toHaveURL(/\/applications\/application$/);
    await expect(page.getByRole('main')).toContainText(`${account.givenNames} ${account.familyName}`);
    expect(saves.explicit().slice(pageSaves)).toEqual([expect.not.objectContaining({ page: expect.anything() })]);
    const declarations = await request.get(
      `/api/eta/applications/${guid}/answers/declarations?applicantIdentifier=${ids.first}`,
      { headers },
    );
    expect(await declarations.json()).toMatchObject({ complete: true, currentStep: 'SUPPORTING_DOCUMENTS' });
  });

  test('Pay on the portal and on the card page, clicked twice: one payment, one submission, one e-mail', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { api, account, guid } = await readyToPay(page);
    const starts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/eta/applications/${guid}/payment`))
        starts.push(request.url());
    });
    await page.goto(`${server!.baseURL}/applications/payment-overview`);
    await payButton(page).dblclick();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('payments:sandbox.heading'));
    expect(starts).toHaveLength(1);
    await page.getByLabel(en('payments:sandbox.cardNumber'), { exact: true }).fill('4242 4242 4242 4242');
    await sandboxPayButton(page).dblclick();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('payments:page.submitted.title'), {
      timeout: 30_000,
    });
    await expectPaidOnce(api, account, guid);
  });
});

test('the same form in two tabs: each says so, the one behind is told, and the answers saved last are kept', async ({
  page,
  request,
  baseURL,
}) => {
  const { account, ids, formUrl } = await atApplicationForm(page, request, baseURL!);
  const second = await page.context().newPage();
  for (const tab of [page, second]) {
    await tab.goto(formUrl);
    await expect(pageHeading(tab, 'Personal details')).toBeVisible();
  }
  for (const tab of [page, second]) await expect(status(tab, en('journey:save.otherTab'))).toBeVisible();

  // The first tab saves the page: the second is told its answers are behind, and how to catch up.
  await fillPersonalDetails(page);
  await continueTo(page, 'Passport');
  const behind = status(second, en('journey:save.changedElsewhere'));
  await expect(behind).toBeVisible();
  await expect(behind.getByRole('button', { name: en('journey:save.reload') })).toBeVisible();

  // The second tab saves anyway: its page is the one kept, and now the first is told.
  await fillPersonalDetails(second);
  await second.getByRole('textbox', { name: 'Town or city of birth' }).fill('Marseille');
  await continueTo(second, 'Passport');
  await expect(status(page, en('journey:save.changedElsewhere'))).toBeVisible();
  const saved = await savedApplicationForm(request, account.tokens, ids.applicationIdentifier, ids.first);
  expect(saved.answers).toMatchObject({ cityOfBirth: 'Marseille' });

  // Reloaded, the first tab starts again from the answers saved last, where they need something more.
  await page.getByRole('button', { name: en('journey:save.reload') }).click();
  await expect(pageHeading(page, 'Passport')).toBeVisible();
  await expect(status(page, en('journey:save.changedElsewhere'))).toHaveCount(0);
  await expect(status(page, en('journey:save.otherTab'))).toBeVisible();
  await second.close();
});
