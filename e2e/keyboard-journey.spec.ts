// The whole journey with the keyboard alone, in English at 1280 px: register, confirm the e-mail, sign in, start an
// application, add applicants (and remove one), the application form, the declarations, the supporting documents,
// the payment on the sandbox's card page, the submitted application, the decision and its PDF. Every control of
// the portal is reached with Tab and used with typing, arrow keys, Space, Enter or Escape; nothing is clicked or
// filled. At each step the test asserts where focus lands: the new page's h1 after a navigation, a form page's
// heading after Continue, the error summary after a send with problems, the opener after a dialog is dismissed,
// and the success message after an applicant is added or removed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { latestMail, PASSWORD, uniqueEmail, type Tokens } from './support/accounts';
import { freshPassportNumber, passCaptureThroughApi } from './support/application-form';
import { catalogueText } from './support/catalogue';
import { documentFiles, en, enName } from './support/documents-payment';
import { expect, expectAccessible, test as base } from './support/fixtures';
import { formModel, pagesFor, type FormModel } from './support/form-filler';
import {
  answerPageByKeyboard,
  chooseFileInFocused,
  describeFocus,
  press,
  tabTo,
  typeInFocused,
} from './support/keyboard';
import { outcomeThroughApi, outcomesServerEnv, reloadUntil } from './support/outcomes';
import { startServer, type RunningServer } from './support/server';
import { documentFileName } from '../src/shared/document-file-name';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A server of the journey's own, which decides an application a second after it is paid.
const test = base.extend<object, { ownServer: RunningServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
    async ({}, use) => startServer({ env: outcomesServerEnv() }).then((s) => use(s).then(s.stop)),
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});
test.use({ viewport: { width: 1280, height: 800 } });

/** The page's h1 has focus (and is named `name`), as after every navigation. */
async function expectHeadingFocused(page: Page, name: string | RegExp, level = 1) {
  const heading = page.getByRole('heading', { level, name });
  await expect(heading).toBeVisible();
  await expect(heading, `focus is on ${await describeFocus(page)}`).toBeFocused();
}

/** The error summary has focus after a send with problems, and the title says Error. */
async function expectSummaryFocused(page: Page) {
  const summary = page.getByRole('alert').filter({ hasText: en('forms:engine.errorSummaryTitle') });
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
}

/**
 * Goes through a multi-page form by keyboard: each page that applies is answered, then Continue (the last page's
 * button is `submitKey`); each new page's heading has focus. Then check answers, sent with the same button.
 */
async function keyboardThroughForm(page: Page, form: FormModel, answers: Record<string, unknown>, submitKey: string) {
  const pages = pagesFor(form, answers);
  for (const [i, formPage] of pages.entries()) {
    if (i > 0 && formPage.titleKey) await expectHeadingFocused(page, en(formPage.titleKey), 2);
    await answerPageByKeyboard(page, 'en', form, formPage.id, answers);
    const last = i === pages.length - 1;
    await press(page, { role: 'button', name: en(last ? submitKey : 'forms:engine.continue'), exact: true });
  }
  await expectHeadingFocused(page, en('forms:engine.checkAnswersTitle'), 2);
  await press(page, { role: 'button', name: en(submitKey), exact: true });
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

test('the whole journey by keyboard alone, with focus where it should be at every step', async ({ page, request }) => {
  test.setTimeout(240_000);

  // ---- register: a send with nothing typed puts focus on the error summary; then every field by keyboard
  const registration = formModel('registration');
  const email = uniqueEmail('keyboard');
  const profile: Record<string, unknown> = {
    ...registration.examples[0],
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
  const name = `${String(profile.givenNames)} ${String(profile.familyName)}`;
  await page.goto('/registration');
  await expect(page.getByRole('heading', { level: 1, name: en('accounts:registration.title') })).toBeVisible();
  const register = { role: 'button', name: en('accounts:registration.submit'), exact: true } as const;
  await press(page, register);
  await expectSummaryFocused(page);
  await expectAccessible(page, 'registration sent empty');
  await answerPageByKeyboard(page, 'en', registration, 'main', profile);
  await press(page, register);
  await expectHeadingFocused(page, en('accounts:emailConfirmation.title'));

  // ---- the link of the e-mail (opened as a mail program does, not a control of the page)
  const mail = await latestMail(request, email);
  const link = new URL(mail.links.find((l) => l.includes('authKey=')) ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  await press(page, {
    role: 'button',
    name: en('accounts:verifyEmail.submit'),
    exact: true,
    within: page.getByRole('main'),
  });
  await expect(page.getByRole('heading', { level: 1, name: en('accounts:verifyEmail.confirmedTitle') })).toBeVisible();
  await press(page, {
    role: 'link',
    name: en('accounts:verifyEmail.login'),
    exact: true,
    within: page.getByRole('main'),
  });
  await expectHeadingFocused(page, en('accounts:login.title'));

  // ---- sign in
  await answerPageByKeyboard(page, 'en', formModel('login'), 'main', { email, password: PASSWORD });
  await press(page, { role: 'button', name: en('accounts:login.submit'), exact: true });
  await expect(page).toHaveURL(/\/profile$/);
  await expectHeadingFocused(page, en('accounts:profile.title'));

  // ---- a new application for oneself and others
  await press(page, { role: 'link', name: en('accounts:profile.apply'), exact: true });
  await expectHeadingFocused(page, en('applications:create.title'));
  const create = formModel('create-application');
  await answerPageByKeyboard(page, 'en', create, 'main', { ...create.examples[0], applyingFor: 'SELF_AND_OTHERS' });
  await press(page, { role: 'button', name: en('applications:pages.create.submit'), exact: true });
  await expectHeadingFocused(page, en('applications:manageApplicants.title'));
  await expectAccessible(page, 'applicants, none yet');

  // ---- add the account holder, then a child: the form's heading, then the message saying who was added
  const applicant = formModel('applicant');
  const added = (who: string) =>
    page.getByRole('status').filter({ hasText: en('applications:pages.manage.added', { name: who }) });
  const [self, child] = applicant.examples;
  const people: Record<string, unknown>[] = [
    {
      ...self,
      givenNames: profile.givenNames,
      familyName: profile.familyName,
      passportNumber: freshPassportNumber('K'),
    },
    { ...child, passportNumber: freshPassportNumber('C') },
  ];
  for (const [i, person] of people.entries()) {
    await press(page, {
      role: 'link',
      name: en(`applications:pages.manage.${i === 0 ? 'addYourself' : 'add'}`),
      exact: true,
    });
    await expectHeadingFocused(page, en('applications:pages.manage.addTitle'));
    await keyboardThroughFormPages(page, applicant, person);
    const who = `${String(person.givenNames)} ${String(person.familyName)}`;
    await expect(added(who), `focus is on ${await describeFocus(page)}`).toBeFocused();
  }
  await expectAccessible(page, 'applicants, two added');

  // ---- remove the child: Escape keeps them and focus goes back to Remove; "Yes, remove" says who was removed
  const childName = `${String(child.givenNames)} ${String(child.familyName)}`;
  const removeChild = {
    role: 'button',
    name: enName('applications:pages.common.removeApplicant', { name: childName }),
  } as const;
  const removeButton = await tabTo(page, removeChild, { backwards: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(removeButton, `focus is on ${await describeFocus(page)}`).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await press(page, {
    role: 'button',
    name: en('applications:pages.manage.removeConfirm'),
    exact: true,
    within: dialog,
  });
  await expect(dialog).toBeHidden();
  const removed = page
    .getByRole('status')
    .filter({ hasText: en('applications:pages.manage.removed', { name: childName }) });
  await expect(removed, `focus is on ${await describeFocus(page)}`).toBeFocused();

  // ---- the photos: headless Chromium has no camera, so the capture is passed through the capture API as the
  // other journeys do (capture.spec.ts walks the camera pages with a fake camera)
  const token = (await page.context().cookies()).find((c) => c.name === 'authToken')?.value ?? '';
  const [application] = await apiGet<{ applicationIdentifier: string }[]>(request, token, '/api/eta/applications');
  const guid = application.applicationIdentifier;
  const { applicants } = await apiGet<{ applicants: { applicantIdentifier: string }[] }>(
    request,
    token,
    `/api/eta/applications/${guid}`,
  );
  expect(applicants).toHaveLength(1);
  const applicantId = applicants[0].applicantIdentifier;
  const tokens = { accessToken: token } as Tokens;
  await passCaptureThroughApi(request, tokens, guid, applicantId);

  // ---- confirm the applicants, then the steps of the application
  await press(page, { role: 'link', name: en('applications:pages.common.continue'), exact: true });
  await expectHeadingFocused(page, en('applications:confirmApplicant.title'));
  await press(page, { role: 'link', name: en('applications:pages.confirm.submit'), exact: true });
  await expectHeadingFocused(page, en('journey:overview.heading'));
  const continueApplication = { role: 'button', name: en('journey:overview.continue'), exact: true } as const;
  await press(page, continueApplication);
  await expect(page).toHaveURL(/\/applications\/application\?(.*&)?applicantIdentifier=/);
  await expectHeadingFocused(page, new RegExp(escape(en('journey:form.applicationHeading'))));

  // ---- the application form: answers from its example, over the applicant's own facts
  const form = formModel('application-form');
  const { answers: facts } = await apiGet<{ answers: Record<string, unknown> }>(
    request,
    token,
    `/api/eta/applications/${guid}/answers/application-form?applicantIdentifier=${applicantId}`,
  );
  await keyboardThroughForm(page, form, { ...form.examples[0], ...facts }, 'journey:form.submitApplication');
  await expectHeadingFocused(page, en('journey:overview.heading'));

  // ---- the declarations: Continue with nothing answered puts focus on the error summary first
  await press(page, continueApplication);
  await expectHeadingFocused(page, new RegExp(escape(en('journey:form.declarationsHeading'))));
  await press(page, { role: 'button', name: en('forms:engine.continue'), exact: true });
  await expectSummaryFocused(page);
  await expectAccessible(page, 'declarations sent empty');
  const declarations = formModel('declarations');
  await keyboardThroughForm(page, declarations, declarations.examples[0], 'journey:form.submitDeclarations');
  await expectHeadingFocused(page, en('journey:overview.heading'));

  // ---- the supporting documents: each file chooser opened with the keyboard
  await press(page, continueApplication);
  await expect(page).toHaveURL(/\/applications\/supporting-documents/);
  await expectHeadingFocused(page, new RegExp(escape(en('documents:page.title'))));
  const files = await documentFiles();
  const { requirements } = await apiGet<{ requirements: { documentType: string; required: boolean }[] }>(
    request,
    token,
    `/api/eta/applications/${guid}/documents?applicantIdentifier=${applicantId}`,
  );
  const required = requirements.filter((r) => r.required).map((r) => r.documentType);
  expect(required.length).toBeGreaterThan(0);
  for (const documentType of required) {
    const section = page
      .getByRole('main')
      .getByRole('region', { name: new RegExp(`^${escape(en(`documents:types.${documentType}.label`))}`) });
    const upload = await tabTo(page, {
      role: 'button',
      name: new RegExp(`^${escape(en('documents:page.upload.label'))} `),
      within: section,
    });
    await chooseFileInFocused(page, upload, files.consent.path);
    await expect(
      page.getByRole('status').filter({ hasText: en('documents:page.upload.done', { name: files.consent.name }) }),
    ).toBeVisible();
    await expect(
      section.getByRole('button', { name: new RegExp(`^${escape(en('documents:page.upload.labelAnother'))} `) }),
      `focus is on ${await describeFocus(page)}`,
    ).toBeFocused();
  }
  await expectAccessible(page, 'documents uploaded');
  await press(page, { role: 'button', name: en('documents:page.continue'), exact: true });

  // ---- the payment: the overview, then the sandbox's card page
  await expect(page).toHaveURL(/\/applications\/payment-overview/);
  await expectHeadingFocused(page, en('payments:page.overview.title'));
  const anyAmount = (key: string) =>
    new RegExp(
      `^${catalogueText('en', key)
        .split(/\{\{\s*\w+\s*\}\}/)
        .map(escape)
        .join('.+')}$`,
    );
  await press(page, { role: 'button', name: anyAmount('payments:page.overview.pay') });
  await expect(page).toHaveURL(/\/payments\/sandbox\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: en('payments:sandbox.heading') })).toBeVisible();
  await expectAccessible(page, 'sandbox card page');
  const card = await tabTo(page, { role: 'textbox', name: en('payments:sandbox.cardNumber'), exact: true });
  await typeInFocused(page, card, '4242 4242 4242 4242');
  await press(page, { role: 'button', name: anyAmount('payments:sandbox.pay') });

  // ---- submitted: the card page's answer is a new document (the server checks the payment and sends the browser on),
  // which starts, as every page loaded afresh does, at its beginning: the first Tab is the skip link.
  await expect(page).toHaveURL(/\/applications\/application-submitted\?applicationIdentifier=/);
  await expect(page.getByRole('heading', { level: 1, name: en('payments:page.submitted.title') })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: en('common:skipLink'), exact: true })).toBeFocused();
  await expectAccessible(page, 'application submitted');

  // ---- the decision, on My applications (reloaded until it is in), and the ETA with its PDF
  await press(page, { role: 'link', name: en('payments:page.myApplications'), exact: true });
  await expectHeadingFocused(page, en('applications:myApplications.title'));
  const view = page.getByRole('link', { name: enName('applications:pages.list.viewEta', { name }) });
  await reloadUntil(page, async () => (await view.count()) === 1);
  await press(page, { role: 'link', name: enName('applications:pages.list.viewEta', { name }) });
  await expect(page).toHaveURL(/\/applications\/view-eta\?applicantIdentifier=/);
  await expectHeadingFocused(page, new RegExp(escape(en('outcomes:document.kind.ETA'))));
  await expectAccessible(page, 'the ETA');
  const downloading = page.waitForEvent('download');
  await press(page, { role: 'button', name: en('outcomes:document.download'), exact: true });
  const download = await downloading;
  const eta = await outcomeThroughApi(request, tokens, applicantId, 'eta');
  expect(download.suggestedFilename()).toBe(documentFileName('eta', eta.documentNumber));
  const saved = join(test.info().outputDir, download.suggestedFilename());
  await download.saveAs(saved);
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

/** The pages of a form without a check-answers page, by keyboard, each page's heading focused after Continue. */
async function keyboardThroughFormPages(page: Page, form: FormModel, answers: Record<string, unknown>) {
  const pages = pagesFor(form, answers);
  for (const [i, formPage] of pages.entries()) {
    if (i > 0 && formPage.titleKey) await expectHeadingFocused(page, en(formPage.titleKey), 2);
    await answerPageByKeyboard(page, 'en', form, formPage.id, answers);
    const last = i === pages.length - 1;
    await press(page, {
      role: 'button',
      name: en(last ? 'applications:pages.manage.addSubmit' : 'forms:engine.continue'),
      exact: true,
    });
  }
}
