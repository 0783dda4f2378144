// The whole journey in a right-to-left language on a phone and in Chinese on a computer, driven only by the
// configuration: every label, button and heading is looked up in the language's catalogue and every form is
// answered from its example answers. On each page: the language and direction, no English text left, axe clean,
// and a screenshot kept in .cache/screenshots/journey-<lng>-<width>/ to look at. The e-mails arrive in the language.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { latestMail, PASSWORD, uniqueEmail } from './support/accounts';
import { catalogueText, englishTexts, expectNoEnglish } from './support/catalogue';
import { passCaptureThroughApi, freshPassportNumber } from './support/application-form';
import { answerPage, formModel, pagesFor } from './support/form-filler';
import { expect, expectAccessible, test } from './support/fixtures';

const JOURNEYS = [
  { lng: 'ar', dir: 'rtl', width: 375 },
  { lng: 'zh', dir: 'ltr', width: 1280 },
];

for (const { lng, dir, width } of JOURNEYS) {
  test.describe(`${lng} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: lng });

    test(`the whole journey in ${lng}: register, confirm, sign in, apply, the form, the declarations`, async ({
      page,
      request,
    }) => {
      test.setTimeout(360_000);
      const t = (key: string, vars: Record<string, string> = {}) =>
        catalogueText(lng, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
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
        await page.screenshot({ path: `${shots}/${String(shot).padStart(2, '0')}-${name}.png`, fullPage: true });
      };
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
      const { guid, applicant } = await addApplicantThroughApi(request, tokens, profile);
      await passCaptureThroughApi(
        request,
        { accessToken: tokens } as Parameters<typeof passCaptureThroughApi>[1],
        guid,
        applicant,
      );

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

/** The applicant's facts the application form starts from, as the API gives them. */
async function prefilled(request: APIRequestContext, token: string, guid: string, applicant: string) {
  const response = await request.get(
    `/api/eta/applications/${guid}/answers/application-form?applicantIdentifier=${applicant}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { answers: Record<string, unknown> }).answers;
}
