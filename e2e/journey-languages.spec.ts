// The whole journey in a right-to-left language on a phone and in Chinese on a computer, driven only by the
// configuration: every label, button and heading is looked up in the language's catalogue and every form is
// answered from its example answers. On each page: the language and direction, no English text left, axe clean,
// and a screenshot kept in .cache/screenshots/journey-<lng>-<width>/ to look at. The e-mails arrive in the language.
// After the declarations: the supporting documents, the payment on the sandbox's card page, the submitted
// application, the decision (the journey runs on a server of its own that decides within a second) and the
// document it gives, with its PDF.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { latestMail, PASSWORD, uniqueEmail, type Tokens } from './support/accounts';
import { catalogueText, englishTexts, expectNoEnglish } from './support/catalogue';
import { passCaptureThroughApi, freshPassportNumber } from './support/application-form';
import { documentFiles } from './support/documents-payment';
import { answerPage, formModel, pagesFor } from './support/form-filler';
import { expect, expectAccessible, test as base } from './support/fixtures';
import { outcomeThroughApi, outcomesServerEnv, reloadUntil } from './support/outcomes';
import { startServer, type RunningServer } from './support/server';
import { ISOLATE_END, ISOLATE_START } from '../src/shared/i18n-interpolation';
import { documentFileName } from '../src/shared/document-file-name';
import { photograph } from './support/screenshots';

/** The journeys run on a server of their own that decides an application a second after it is paid. */
const test = base.extend<object, { outcomesServer: RunningServer }>({
  outcomesServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      const server = await startServer({ env: outcomesServerEnv() });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ outcomesServer }, use) => use(outcomesServer.baseURL),
});
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const JOURNEYS = [
  { lng: 'ar', dir: 'rtl', width: 375 },
  { lng: 'zh', dir: 'ltr', width: 1280 },
];

for (const { lng, dir, width } of JOURNEYS) {
  test.describe(`${lng} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: lng });

    test(`the whole journey in ${lng}: register, confirm, sign in, apply, the form, the declarations, documents, payment, the outcome`, async ({
      page,
      request,
    }) => {
      test.setTimeout(360_000);
      // A right-to-left text isolates each value put into it, as the portal, the API and the e-mails write it.
      const isolated = (value: string) => (dir === 'rtl' && value ? `${ISOLATE_START}${value}${ISOLATE_END}` : value);
      const t = (key: string, vars: Record<string, string> = {}) =>
        catalogueText(lng, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => isolated(vars[name] ?? ''));
      /** A text of the catalogue whose placeholders may hold anything (an amount), as a pattern. */
      const anyFilled = (key: string) =>
        new RegExp(
          `^${catalogueText(lng, key)
            .split(/\{\{\s*\w+\s*\}\}/)
            .map(escape)
            .join('.+')}$`,
        );
      const english = englishTexts(lng);
      const shots = `.cache/screenshots/journey-${lng}-${width}`;
      mkdirSync(shots, { recursive: true });
      let shot = 0;
      /** The page as it is now: in the language, no English left, accessible, and photographed. */
      const checked = async (name: string) => {
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expectNoEnglish(page, english, `${name} in ${lng}`);
        await expectAccessible(page, `${name} in ${lng}`);
        shot += 1;
        await photograph(page, `${shots}/${String(shot).padStart(2, '0')}-${name}.png`);
      };
      /** A text of the catalogue as the accessible name of a control: its <hidden> part read out too. */
      const named = (key: string, vars: Record<string, string> = {}) =>
        new RegExp(
          `^${t(key, vars)
            .split(/<\/?hidden>/)
            .map((part) => escape(part.trim()))
            .filter(Boolean)
            .join('\\s*')}$`,
        );
      const heading = (text: string, level = 1) => page.getByRole('heading', { level, name: text, exact: true });
      const button = (key: string) => page.getByRole('main').getByRole('button', { name: t(key), exact: true });

      // ---- register, in the language chosen by the link
      const registration = formModel('registration');
      const email = uniqueEmail(`journey-${lng}`);
      const profile = { ...registration.examples[0], email, password: PASSWORD, confirmPassword: PASSWORD };
      await page.goto(`/registration?lng=${lng}`);
      await expect(heading(t('accounts:registration.title'))).toBeVisible();
      await answerPage(page, lng, registration, 'main', profile);
      await checked('registration');
      await button('accounts:registration.submit').click();
      await expect(heading(t('accounts:emailConfirmation.title'))).toBeVisible();
      await checked('email-confirmation');

      // ---- the confirmation e-mail is in the language; its link confirms the address
      const mail = await latestMail(request, email);
      expect(mail.subject).toBe(t('emails:verifyEmail.subject'));
      const link = mail.links.find((l) => l.includes('authKey='));
      if (!link) throw new Error(`No confirmation link in ${mail.text}`);
      await page.goto(`${new URL(link).pathname}${new URL(link).search}`);
      await button('accounts:verifyEmail.submit').click();
      await expect(heading(t('accounts:verifyEmail.confirmedTitle'))).toBeVisible();
      await checked('email-confirmed');

      // ---- sign in
      await page.goto('/login');
      await answerPage(page, lng, formModel('login'), 'main', { email, password: PASSWORD });
      await checked('login');
      await button('accounts:login.submit').click();
      await expect(page).toHaveURL(/\/profile$/);
      await checked('profile');

      // ---- a new application for oneself
      await page.goto('/applications/create-application');
      await expect(heading(t('applications:create.title'))).toBeVisible();
      const create = formModel('create-application');
      await answerPage(page, lng, create, 'main', create.examples[0]);
      await checked('create-application');
      await button('applications:pages.create.submit').click();
      await expect(page).toHaveURL(/\/applications\/manage-applicants/);
      await checked('manage-applicants');

      // The applicant and the photos go through the API (the photo pages are walked by capture.spec.ts).
      const tokens = await accessToken(page);
      // The helpers of the API calls need only the access token.
      const apiTokens = { accessToken: tokens } as Tokens;
      const { guid, applicant } = await addApplicantThroughApi(request, tokens, profile);
      await passCaptureThroughApi(request, apiTokens, guid, applicant);

      // ---- the task list, then Continue opens the application form
      await page.goto('/applications/application');
      await expect(heading(t('journey:overview.heading'))).toBeVisible();
      await checked('task-list');
      await page.getByRole('button', { name: t('journey:overview.continue'), exact: true }).click();
      await expect(page).toHaveURL(/\/applications\/application\?(.*&)?applicantIdentifier=/);

      // ---- the application form, page by page, answered from its example with the applicant's own facts
      const form = formModel('application-form');
      const facts = await prefilled(request, tokens, guid, applicant);
      const answers = { ...form.examples[0], ...facts };
      await answerFormPages(page, lng, form, answers, 'journey:form.submitApplication', checked, t);
      await expect(heading(t('journey:overview.heading'))).toBeVisible();

      // ---- the declarations
      await page.getByRole('button', { name: t('journey:overview.continue'), exact: true }).click();
      await expect(page).toHaveURL(/\/applications\/declarations\?(.*&)?applicantIdentifier=/);
      const declarations = formModel('declarations');
      await answerFormPages(
        page,
        lng,
        declarations,
        declarations.examples[0],
        'journey:form.submitDeclarations',
        checked,
        t,
      );
      await expect(heading(t('journey:overview.heading'))).toBeVisible();
      await checked('task-list-done');
      const done = t('journey:status.COMPLETED');
      const steps = page.getByRole('main').getByRole('listitem');
      for (const step of ['APPLICATION_FORM', 'DECLARATION']) {
        await expect(steps.filter({ hasText: t(`applications:enums.step.${step}`) })).toContainText(done);
      }

      // ---- the supporting documents: each document asked for, chosen with the page's own "Choose file"
      await page.getByRole('button', { name: t('journey:overview.continue'), exact: true }).click();
      await expect(page).toHaveURL(/\/applications\/supporting-documents/);
      await checked('documents');
      const files = await documentFiles();
      const required = await requiredDocuments(request, tokens, guid, applicant);
      expect(required.length).toBeGreaterThan(0);
      for (const documentType of required) {
        const section = page
          .getByRole('main')
          .getByRole('region', { name: new RegExp(`^${escape(t(`documents:types.${documentType}.label`))}`) });
        await section
          .getByLabel(new RegExp(`^${escape(t('documents:page.upload.label'))} `))
          .setInputFiles(files.consent.path);
        await expect(
          page.getByRole('status').filter({ hasText: t('documents:page.upload.done', { name: files.consent.name }) }),
        ).toBeVisible();
      }
      await checked('documents-uploaded');
      await page.getByRole('button', { name: t('documents:page.continue'), exact: true }).click();

      // ---- the payment overview, then the sandbox's card page with the card that always succeeds
      await expect(page).toHaveURL(/\/applications\/payment-overview/);
      await expect(heading(t('payments:page.overview.title'))).toBeVisible();
      await checked('payment-overview');
      await page.getByRole('button', { name: anyFilled('payments:page.overview.pay') }).click();
      await expect(page).toHaveURL(/\/payments\/sandbox\/[0-9a-f-]{36}$/);
      await expect(heading(t('payments:sandbox.heading'))).toBeVisible();
      await checked('sandbox-card-page');
      await page.getByLabel(t('payments:sandbox.cardNumber'), { exact: true }).fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: anyFilled('payments:sandbox.pay') }).click();

      // ---- submitted: the page and the e-mail, in the language
      await expect(page).toHaveURL(/\/applications\/application-submitted\?applicationIdentifier=/);
      await expect(heading(t('payments:page.submitted.title'))).toBeVisible();
      await checked('application-submitted');
      const submitted = await latestMail(
        request,
        email,
        new RegExp(`^${escape(t('emails:applicationSubmitted.subject'))}$`),
      );
      const { reference } = (await (
        await request.get(`/api/eta/applications/${guid}/submission`, {
          headers: { authorization: `Bearer ${tokens}` },
        })
      ).json()) as { reference: string };
      expect(submitted.text).toContain(t('emails:applicationSubmitted.reference', { reference }));

      // ---- the decision: My applications, reloaded until it shows; the e-mail in the language
      const name = `${String(registration.examples[0].givenNames)} ${String(registration.examples[0].familyName)}`;
      await page.goto('/my-applications');
      const view = page.getByRole('link', { name: named('applications:pages.list.viewEta', { name }) });
      await reloadUntil(page, async () => (await view.count()) === 1);
      await checked('my-applications-decided');
      const decision = await latestMail(request, email, new RegExp(`^${escape(t('emails:decision.eta.subject'))}$`));
      expect(decision.text).toContain(t('emails:decision.eta.intro', { name, reference }));

      // ---- the ETA, and its PDF
      await view.click();
      await expect(page).toHaveURL(/\/applications\/view-eta\?applicantIdentifier=/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(t('outcomes:document.kind.ETA'));
      await checked('view-eta');
      const actions = page.getByRole('group', { name: t('outcomes:document.actionsLabel') });
      const downloading = page.waitForEvent('download');
      await actions.getByRole('button', { name: t('outcomes:document.download'), exact: true }).click();
      const download = await downloading;
      const eta = await outcomeThroughApi(request, apiTokens, applicant, 'eta');
      expect(download.suggestedFilename()).toBe(documentFileName('eta', eta.documentNumber));
      const saved = join(shots, download.suggestedFilename());
      await download.saveAs(saved);
      expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
}

/**
 * Goes through a multi-page form as a user does: each page that applies, answered, then Continue (the last page's
 * button is the form's own, `submitKey`), then check answers, sent with the same button.
 */
async function answerFormPages(
  page: Page,
  lng: string,
  form: ReturnType<typeof formModel>,
  answers: Record<string, unknown>,
  submitKey: string,
  checked: (name: string) => Promise<void>,
  t: (key: string) => string,
) {
  const pages = pagesFor(form, answers);
  const press = (key: string) =>
    page
      .getByRole('main')
      .getByRole('button', { name: t(key), exact: true })
      .click();
  for (const [i, formPage] of pages.entries()) {
    if (formPage.titleKey) {
      await expect(page.getByRole('heading', { level: 2, name: t(formPage.titleKey), exact: true })).toBeVisible();
    }
    await answerPage(page, lng, form, formPage.id, answers);
    await checked(`${form.id}-${formPage.id}`);
    await press(i === pages.length - 1 ? submitKey : 'forms:engine.continue');
  }
  await expect(page.getByRole('heading', { name: t('forms:engine.checkAnswersTitle'), exact: true })).toBeVisible();
  await checked(`${form.id}-check-answers`);
  await press(submitKey);
}

/** The browser's access token (the portal keeps it in a cookie). */
async function accessToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'authToken');
  if (!cookie) throw new Error('Not signed in');
  return cookie.value;
}

/** The account holder as the applicant of the application the browser has open. */
async function addApplicantThroughApi(request: APIRequestContext, token: string, profile: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/eta/applications', { headers });
  const applications = (await list.json()) as { applicationIdentifier: string }[];
  const guid = applications[0].applicationIdentifier;
  const added = await request.post(`/api/eta/applications/${guid}/applicants`, {
    headers,
    data: {
      isAccountHolder: true,
      givenNames: profile.givenNames,
      familyName: profile.familyName,
      dateOfBirth: '1986-04-12',
      nationality: 'FR',
      passportIssuingCountry: 'FR',
      passportNumber: freshPassportNumber('J'),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { guid, applicant: ((await added.json()) as { applicantIdentifier: string }).applicantIdentifier };
}

/** The document types the applicant must give, as the API lists them. */
async function requiredDocuments(request: APIRequestContext, token: string, guid: string, applicant: string) {
  const response = await request.get(`/api/eta/applications/${guid}/documents?applicantIdentifier=${applicant}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { requirements } = (await response.json()) as { requirements: { documentType: string; required: boolean }[] };
  return requirements.filter((r) => r.required).map((r) => r.documentType);
}

/** The applicant's facts the application form starts from, as the API gives them. */
async function prefilled(request: APIRequestContext, token: string, guid: string, applicant: string) {
  const response = await request.get(
    `/api/eta/applications/${guid}/answers/application-form?applicantIdentifier=${applicant}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { answers: Record<string, unknown> }).answers;
}
