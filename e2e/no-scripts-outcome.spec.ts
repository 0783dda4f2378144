// The second half of the journey with the browser's scripts switched off, in English on a 375 px phone and in Arabic
// on a 1280 px screen: every page is the server's HTML, every button a form it posts. The photos are sent as files
// (refused first when none is chosen), then on to the task list with the photo step completed; the supporting
// documents are uploaded one file per post, a file that is no PDF refused by name with its reason, one removed, the
// step completed; Pay opens the sandbox's card page, a declined card comes back to the payment page saying why, a
// good card ends on the submitted page with its reference; My applications, reloaded until the decision, opens the
// ETA, whose Download PDF is answered with the PDF and whose seal is shown as a QR code; the public seal check
// answers that the seal is genuine and valid, with the document's type; and the menu's Logout signs out. On each
// page: the language and direction, no English left, axe clean, and a screenshot in
// .cache/screenshots/no-scripts-outcome/<lng>-<width>/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, signInBrowser, type Account, type Tokens } from './support/accounts';
import { freshPassportNumber } from './support/application-form';
import {
  applicantsThroughApi,
  DECLARATIONS,
  documentFiles,
  expectedDocuments,
  FORM_ANSWERS,
} from './support/documents-payment';
import { expect, test } from './support/fixtures';
import { outcomesServerEnv, outcomeThroughApi } from './support/outcomes';
import { startServer, type RunningServer } from './support/server';
import { escapeRegExp, NO_SCRIPTS_RUNS, noScriptsPage } from './support/no-scripts';
import { ROUTER_CONTEXT_COOKIE } from '../src/shared/router-context-cookie';
import { validPassportPage, validSelfie } from '../src/server/biometrics/testing/test-images';

test.use({ javaScriptEnabled: false });

const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

// A server of the journey's own, which decides within a second of the payment.
let server: RunningServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ env: outcomesServerEnv() });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

/** An application for the account holder alone, made through the API: the photo step is next. */
async function applicationForHolder(account: Account & { tokens: Tokens }) {
  const headers = auth(account.tokens);
  const created = await api.post('/api/eta/applications', {
    headers,
    data: { applicationType: 'ETA', applyingFor: 'SELF' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { applicationIdentifier } = (await created.json()) as { applicationIdentifier: string };
  const added = await api.post(`/api/eta/applications/${applicationIdentifier}/applicants`, {
    headers,
    data: {
      isAccountHolder: true,
      givenNames: account.givenNames,
      familyName: account.familyName,
      dateOfBirth: '1986-04-12',
      nationality: 'FR',
      passportIssuingCountry: 'FR',
      passportNumber: freshPassportNumber('NO'),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { applicantIdentifier } = (await added.json()) as { applicantIdentifier: string };
  return { applicationIdentifier, applicantIdentifier };
}

/** The application form (the example with the applicant's own facts) and the declarations, saved through the API. */
async function answersThroughApi(tokens: Tokens, guid: string, applicant: string) {
  const headers = auth(tokens);
  const prefilled = await api.get(
    `/api/eta/applications/${guid}/answers/application-form?applicantIdentifier=${applicant}`,
    { headers },
  );
  expect(prefilled.status()).toBe(200);
  const facts = ((await prefilled.json()) as { answers: Record<string, unknown> }).answers;
  for (const [formId, answers] of [
    ['application-form', { ...FORM_ANSWERS, ...facts }],
    ['declarations', DECLARATIONS],
  ] as const) {
    const saved = await api.put(`/api/eta/applications/${guid}/answers/${formId}`, {
      headers,
      data: { applicantIdentifier: applicant, answers },
    });
    expect(saved.status(), `${formId}: ${await saved.text()}`).toBe(200);
    expect(((await saved.json()) as { complete: boolean }).complete, `${formId} complete`).toBe(true);
  }
}

for (const run of NO_SCRIPTS_RUNS) {
  const { lng, width } = run;
  test.describe(`without scripts, ${lng} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: lng });

    test(`photos as files, documents, payment, the ETA and its seal as forms, in ${lng}`, async ({
      page,
      context,
      browser,
    }) => {
      test.setTimeout(300_000);
      const { t, named, anyFilled, main, heading, button, userData, checked, go, open, close } = await noScriptsPage(
        page,
        browser,
        run,
        'no-scripts-outcome',
        server.baseURL,
      );
      const summary = main.getByRole('alert').filter({ hasText: t('forms:engine.errorSummaryTitle') });

      // ---- signed in with the session's cookies; the application made through the API, open in the router context
      const account = await createVerifiedAccount(api);
      const myName = `${account.givenNames} ${account.familyName}`;
      userData.push(account.givenNames, account.familyName, myName);
      await signInBrowser(context, server.baseURL, account.tokens);
      const headers = auth(account.tokens);
      const { applicationIdentifier, applicantIdentifier } = await applicationForHolder(account);
      await context.addCookies([
        {
          name: ROUTER_CONTEXT_COOKIE,
          value: encodeURIComponent(JSON.stringify({ applicationIdentifier })),
          url: server.baseURL,
          sameSite: 'Lax',
        },
      ]);

      // ---- the photos as files: none chosen is refused, then both are sent and checked as the camera's are
      await open(`/capture/capture-biometrics?applicantIdentifier=${applicantIdentifier}&lng=${lng}`);
      await expect(page).toHaveURL(/sessionIdentifier=/);
      await expect(heading(t('capture:captureBiometrics.title'))).toBeVisible();
      await expect(main.getByRole('heading', { level: 2, name: t('capture:files.heading') })).toBeVisible();
      await checked('photos');
      await go(button('capture:files.sendBoth'));
      await expect(summary.getByRole('link')).toHaveText([t('capture:files.missing.biometrics')]);
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(t('forms:engine.errorTitlePrefix'))}`));
      await checked('photos-none-chosen');
      await main
        .getByLabel(t('capture:entry.file.label.biometrics'), { exact: true })
        .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await validSelfie() });
      await main
        .getByLabel(t('capture:entry.file.label.passport'), { exact: true })
        .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await validPassportPage() });
      await go(button('capture:files.sendBoth'));
      await expect(heading(t('capture:result.success.passport'))).toBeVisible();
      await expect(main.getByText(t('capture:result.allDoneWeb'))).toBeVisible();
      await checked('photos-accepted');
      await go(button('capture:result.continueApplication'));
      await expect(heading(t('journey:overview.heading'))).toBeVisible();
      const mySteps = main.getByRole('region', { name: t('journey:overview.stepsOf', { name: myName }) });
      await expect(
        mySteps.getByRole('listitem').filter({ hasText: t('applications:enums.step.CAPTURE_BIOMETRICS') }),
      ).toContainText(t('journey:status.COMPLETED'));
      await checked('task-list-photos-done');

      // ---- the application form and declarations through the API (their pages are walked elsewhere)
      await answersThroughApi(account.tokens, applicationIdentifier, applicantIdentifier);

      // ---- the supporting documents, one file per post, from the task list
      await open('/applications/application');
      await go(mySteps.getByRole('link', { name: t('applications:enums.step.SUPPORTING_DOCUMENTS'), exact: true }));
      await expect(main.getByRole('heading', { level: 1 })).toContainText(t('documents:page.title'));
      const files = await documentFiles();
      userData.push(...Object.values(files).map((f) => f.name));
      const applicants = await applicantsThroughApi(api, account.tokens, applicationIdentifier);
      const required = expectedDocuments(applicants.get(applicantIdentifier)!).filter((r) => r.required);
      expect(required.length).toBeGreaterThan(0);
      const typeLabel = (documentType: string) => t(`documents:types.${documentType}.label`);
      const section = (documentType: string) =>
        main.getByRole('region', { name: new RegExp(`^${escapeRegExp(typeLabel(documentType))}`) });
      const fileInput = (documentType: string) =>
        section(documentType).getByLabel(
          new RegExp(
            `^(${escapeRegExp(t('documents:page.upload.label'))}|${escapeRegExp(t('documents:page.upload.labelAnother'))}) `,
          ),
        );
      const upload = async (documentType: string, file: { path: string; name: string }) => {
        await fileInput(documentType).setInputFiles(file.path);
        await go(
          section(documentType).getByRole('button', {
            name: named('documents:page.upload.submit', { type: typeLabel(documentType) }),
          }),
        );
      };
      await checked('documents-none');
      const [first, ...others] = required.map((r) => r.documentType);
      // A text file named .pdf: refused, named with the reason, at its document type.
      await upload(first, files.textAsPdf);
      const refusedText = t('documents:page.errors.fileRefused', {
        name: files.textAsPdf.name,
        reason: t('documents:api.DOCUMENT_WRONG_TYPE'),
      });
      await expect(summary.getByRole('link')).toHaveText([refusedText]);
      await expect(section(first)).toContainText(refusedText);
      await expect(section(first)).toContainText(t('documents:page.upload.refused', { name: files.textAsPdf.name }));
      await expect(section(first)).toContainText(t('documents:page.files.none'));
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(t('forms:engine.errorTitlePrefix'))}`));
      await checked('documents-refused');
      // Two files for it, one post each; the second removed.
      await upload(first, files.booking);
      await expect(main.getByText(t('documents:page.upload.done', { name: files.booking.name }))).toBeVisible();
      await upload(first, files.consent);
      await expect(main.getByText(t('documents:page.upload.done', { name: files.consent.name }))).toBeVisible();
      const listed = section(first).getByRole('list', {
        name: t('documents:page.files.listLabel', { type: typeLabel(first) }),
      });
      await expect(listed.getByRole('listitem')).toHaveCount(2);
      await checked('documents-two-files');
      await go(
        listed.getByRole('button', { name: named('documents:page.files.remove', { name: files.consent.name }) }),
      );
      await expect(main.getByText(t('documents:page.remove.done', { name: files.consent.name }))).toBeVisible();
      await expect(listed.getByRole('listitem')).toHaveCount(1);
      await expect(listed).toContainText(files.booking.name);
      await checked('documents-removed');
      for (const documentType of others) await upload(documentType, files.birth);
      await go(button('documents:page.continue'));

      // ---- payment: the sandbox's card page, a declined card, then a good one
      await expect(heading(t('payments:page.overview.title'))).toBeVisible();
      await checked('payment');
      const pay = main.getByRole('button', { name: anyFilled('payments:page.overview.pay') });
      const cardPage = async (card: string, name: string) => {
        await expect(heading(t('payments:sandbox.heading'))).toBeVisible();
        await main.getByRole('textbox', { name: t('payments:sandbox.cardNumber'), exact: true }).fill(card);
        await main.getByRole('textbox', { name: t('payments:sandbox.expiry'), exact: true }).fill('12/34');
        await main.getByRole('textbox', { name: t('payments:sandbox.cvc'), exact: true }).fill('123');
        await checked(name);
        await go(main.getByRole('button', { name: anyFilled('payments:sandbox.pay') }));
      };
      await go(pay);
      await cardPage('4000 0000 0000 0002', 'sandbox-declined-card');
      await expect(heading(t('payments:page.overview.title'))).toBeVisible();
      await expect(main.getByText(t('payments:page.overview.failure.DECLINED'))).toBeVisible();
      await expect(main.getByText(t('payments:page.overview.failureTitle'))).toBeVisible();
      await checked('payment-declined');
      await go(pay);
      await cardPage('4242 4242 4242 4242', 'sandbox-good-card');
      await expect(heading(t('payments:page.submitted.title'))).toBeVisible();
      const submission = await api.get(`/api/eta/applications/${applicationIdentifier}/submission`, { headers });
      expect(submission.status()).toBe(200);
      const { reference } = (await submission.json()) as { reference: string };
      userData.push(reference);
      await expect(main.getByText(reference, { exact: true })).toBeVisible();
      await expect(main.getByText(reference, { exact: true }).locator('..')).toContainText(
        t('payments:page.submitted.referenceLabel'),
      );
      await checked('submitted');

      // ---- My applications, opened again until the decision shows: View ETA
      const viewEta = main.getByRole('link', { name: named('applications:pages.list.viewEta', { name: myName }) });
      await open('/my-applications');
      await expect
        .poll(
          async () => {
            if ((await viewEta.count()) === 1) return true;
            await open('/my-applications');
            return (await viewEta.count()) === 1;
          },
          { timeout: 30_000, intervals: [1_000], message: 'the decision did not show within 30 s' },
        )
        .toBe(true);
      await checked('my-applications-decided');

      // ---- the ETA: its seal as a QR code; Download PDF answered with the PDF
      await go(viewEta);
      await expect(page).toHaveURL(/\/applications\/view-eta\?applicantIdentifier=/);
      await expect(main.getByRole('heading', { level: 1 })).toContainText(t('outcomes:document.kind.ETA'));
      await expect(main.getByRole('img', { name: t('outcomes:document.sealImage'), exact: true })).toBeVisible();
      await checked('view-eta');
      const eta = await outcomeThroughApi(api, account.tokens, applicantIdentifier, 'eta');
      userData.push(eta.documentNumber);
      const actions = main.getByRole('group', { name: t('outcomes:document.actionsLabel') });
      const downloaded = page.waitForEvent('download');
      const answered = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().includes('/applications/view-eta'),
      );
      await actions.getByRole('button', { name: t('outcomes:document.download'), exact: true }).click();
      const [download, response] = await Promise.all([downloaded, answered]);
      expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      mkdirSync(join('.cache', 'no-scripts-outcome-files'), { recursive: true });
      const saved = join('.cache', 'no-scripts-outcome-files', `${lng}-${download.suggestedFilename()}`);
      await download.saveAs(saved);
      expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expect(page).toHaveURL(/\/applications\/view-eta\?applicantIdentifier=/);

      // ---- the public seal check: the seal's text pasted, the server's answer
      await open('/verify-seal');
      await expect(heading(t('outcomes:verify.title'))).toBeVisible();
      await main.getByRole('textbox', { name: t('outcomes:verify.textLabel') }).fill(eta.seal);
      await go(button('outcomes:verify.check'));
      await expect(main.getByRole('heading', { level: 2, name: t('outcomes:verify.resultHeading') })).toBeVisible();
      /** The value of a row of the result, by its term. */
      const detail = (term: string) =>
        main
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) })
          .locator('xpath=following-sibling::dd[1]');
      await expect(detail(t('outcomes:verify.field.validity'))).toHaveText(t('outcomes:verify.status.VALID'));
      await expect(detail(t('outcomes:verify.field.documentType'))).toHaveText(t('outcomes:document.kind.ETA'));
      userData.push(eta.seal);
      await checked('seal-genuine');

      // ---- the menu's Logout signs out
      const banner = page.getByRole('banner');
      if (width < 600) {
        // On a phone the menu is the browser's own disclosure without scripts (the drawer's button needs them).
        await banner.getByText(t('common:nav.menuButton'), { exact: true }).filter({ visible: true }).click();
      }
      const menu = banner.getByRole('navigation', { name: t('common:nav.label') }).filter({ visible: true });
      await go(menu.getByRole('button', { name: t('common:nav.logout'), exact: true }));
      await expect(heading(t('common:home.title'))).toBeVisible();
      await expect(main.getByText(t('common:home.start.loggedOutTitle'), { exact: true })).toBeVisible();
      expect((await context.cookies()).filter((c) => c.name === 'refreshToken')).toEqual([]);
      await checked('signed-out');
      await close();
    });
  });
}
