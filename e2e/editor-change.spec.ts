// An editor's change made by JSON only, tried end to end: a copy of schemas/ and locales/ gets a new step form
// (emergency contact, between the declarations and the supporting documents) and a public contact-us form; the
// copy passes the schema and text checks, the portal is built from it and a server runs on it, and the browser goes
// through the new step as an applicant does. A second public form, of two pages (a lost or stolen passport), is sent
// without scripts, each page carrying the other's answers, and every answer of both pages is stored.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { rememberApplication } from './support/capture-setup';
import { createVerifiedAccount, signInBrowser, type Tokens } from './support/accounts';
import { freshPassportNumber, passCaptureThroughApi } from './support/application-form';
import { expect, expectAccessible, test, watchPageErrors } from './support/fixtures';
import { type RunningServer, startServer } from './support/server';
import { catalogueText } from './support/catalogue';
import { staticCopies } from './support/static-copies';
import { addContactForm, CONTACT_FORM, CONTACT_PATH } from '../tests/fixtures/contact-form';
import {
  addEmergencyContactStep,
  EMERGENCY_FORM,
  EMERGENCY_KEY,
  EMERGENCY_STEP,
} from '../tests/fixtures/emergency-contact';
import { addPagedForm, PAGED_ANSWERS, PAGED_FORM, PAGED_KEY, PAGED_PATH } from '../tests/fixtures/paged-form';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FORM = EMERGENCY_FORM;
const KEY = EMERGENCY_KEY;
const STEP = EMERGENCY_STEP;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The editor's change, JSON only, in a copy of schemas/ and locales/ under `dir`, as docs/editors.md's recipes write it.
 * An emergency-contact step or contact-us route the repository's own copy may already have is replaced, never
 * added twice (the check refuses a manifest that lists a step or a path twice).
 */
function editCopy(dir: string): void {
  cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'locales'), join(dir, 'locales'), { recursive: true });
  addEmergencyContactStep(dir);
  addContactForm(dir);
  addPagedForm(dir);
}

/** A text of the copy's English locales, by key (`ns:a.b.c`). */
const text = (dir: string, key: string): string => catalogueText('en', key, join(dir, 'locales'));

const FORMS_MAILBOX = 'forms@example.org';

const auth = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.accessToken}` });

test.describe.configure({ mode: 'serial' });

let dir: string;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
/** What the context opened for every test found: errors no script caught, pages that did not hydrate as sent. */
const pageErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  dir = mkdtempSync(join(tmpdir(), 'eta-editor-change-'));
  editCopy(dir);
  const env = { SCHEMAS_DIR: join(dir, 'schemas'), LOCALES_DIR: join(dir, 'locales') };
  execFileSync(process.execPath, ['--import', 'tsx', 'tools/check-schemas.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  // Every language of the copy has every text of its English (the code is the repository's, not the copy's).
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'tools/check-locales.ts', '--locales', join(dir, 'locales'), '--no-code'],
    { cwd: ROOT, stdio: 'pipe' },
  );
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', join(dir, 'dist')],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' },
  );
  server = await startServer({
    env: { ...env, DIST_DIR: join(dir, 'dist'), FORM_SUBMISSIONS_EMAIL: FORMS_MAILBOX },
    dataDir: join(dir, 'data'),
  });
  context = await browser.newContext({ baseURL: server.baseURL });
  // Opened before any test, the context is not watched by the fixture: it is watched here, each test judged alone.
  watchPageErrors(context, pageErrors);
  page = await context.newPage();
});

test.afterEach(() => {
  expect(pageErrors.splice(0), 'page errors and pages that did not hydrate as sent').toEqual([]);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the new step: in the task list, refused before the declarations, validated alike, saved, resumed, checked', async () => {
  test.setTimeout(180_000);
  const request = context.request;
  const account = await createVerifiedAccount(request);
  const headers = auth(account.tokens);
  const created = await request.post('/api/eta/applications', {
    headers,
    data: { applicationType: 'ETA', applyingFor: 'SELF' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { applicationIdentifier: guid } = (await created.json()) as { applicationIdentifier: string };
  const added = await request.post(`/api/eta/applications/${guid}/applicants`, {
    headers,
    data: {
      nationality: 'FR',
      passportIssuingCountry: 'FR',
      isAccountHolder: true,
      givenNames: account.givenNames,
      familyName: account.familyName,
      dateOfBirth: '1986-04-12',
      passportNumber: freshPassportNumber('FR'),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { applicantIdentifier } = (await added.json()) as { applicantIdentifier: string };
  await passCaptureThroughApi(request, account.tokens, guid, applicantIdentifier);

  const save = (formId: string, answers: unknown) =>
    request.put(`/api/eta/applications/${guid}/answers/${formId}`, {
      headers,
      data: { applicantIdentifier, answers },
    });
  const example = (formId: string) =>
    readJson<{ valid: Record<string, unknown>[] }>(join(dir, 'schemas', `${formId}.examples.json`)).valid[0];

  // Before the declarations are done the server refuses the new step.
  const early = await save(FORM, { hasEmergencyContact: false });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { code: string }).code).toBe('STEP_NOT_REACHED');

  // The example answers, with the applicant's own facts (passport, names) as the API prefills them.
  const prefilled = await request.get(
    `/api/eta/applications/${guid}/answers/application-form?applicantIdentifier=${applicantIdentifier}`,
    { headers },
  );
  expect(prefilled.status()).toBe(200);
  const facts = ((await prefilled.json()) as { answers: Record<string, unknown> }).answers;
  const formSaved = await save('application-form', { ...example('application-form'), ...facts });
  expect(formSaved.status(), await formSaved.text()).toBe(200);
  expect((await save('declarations', example('declarations'))).status()).toBe(200);

  // The server's message for a missing name, in English.
  const bad = await save(FORM, { hasEmergencyContact: true, contactName: ' ' });
  expect(bad.status()).toBe(400);
  const apiMessage = ((await bad.json()) as { fields: { field: string; message: string }[] }).fields.find(
    (f) => f.field === 'contactName',
  )?.message;
  expect(apiMessage).toBe(text(dir, 'validation:generic.required'));

  // The task list shows the step between the declarations and the supporting documents.
  await signInBrowser(context, server.baseURL, account.tokens);
  await rememberApplication(context, guid);
  await page.goto('/applications/application');
  await expect(page.getByText(text(dir, `applications:enums.step.${STEP}`)).first()).toBeVisible();
  const labels = [
    text(dir, 'applications:enums.step.DECLARATION'),
    text(dir, `applications:enums.step.${STEP}`),
    text(dir, 'applications:enums.step.SUPPORTING_DOCUMENTS'),
  ];
  const body = await page.locator('main').innerText();
  const positions = labels.map((label) => body.indexOf(label));
  expect(
    positions.every((p) => p >= 0),
    `${labels.join(', ')} in ${body}`,
  ).toBe(true);
  expect(positions[0]).toBeLessThan(positions[1]);
  expect(positions[1]).toBeLessThan(positions[2]);

  // The step's first page; yes opens the page with a `when`.
  await page.getByRole('link', { name: text(dir, `applications:enums.step.${STEP}`) }).click();
  await expect(page.getByRole('heading', { name: text(dir, `forms:${KEY}.pages.ask`) })).toBeVisible();
  await expectAccessible(page, 'emergency contact, first page');
  await page
    .getByRole('group', { name: text(dir, `forms:${KEY}.hasEmergencyContact.label`) })
    .getByRole('radio', { name: text(dir, 'forms:engine.yes') })
    .check();
  await page.getByRole('button', { name: text(dir, 'forms:engine.continue') }).click();
  await expect(page.getByRole('heading', { name: text(dir, `forms:${KEY}.pages.contact`) })).toBeVisible();
  await expectAccessible(page, 'emergency contact, the page with a condition');

  // The same bad answer gets the same message in the browser as from the API.
  await page.getByLabel(text(dir, `forms:${KEY}.contactName.label`)).fill(' ');
  await page.getByRole('button', { name: text(dir, 'forms:engine.continue') }).click();
  await expect(
    page
      .getByRole('alert')
      .getByText(apiMessage ?? '', { exact: true })
      .first(),
  ).toBeVisible();

  // Saved, and kept over a reload: each page has an address of its own, check answers too.
  const contactName = page.getByLabel(text(dir, `forms:${KEY}.contactName.label`));
  await contactName.fill('Ama Mensah');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/answers/${FORM}`) && r.status() === 200,
  );
  const checkAnswers = page.getByRole('heading', { name: text(dir, 'forms:engine.checkAnswersTitle') });
  await page.getByRole('button', { name: text(dir, 'forms:engine.continue') }).click();
  await saved;
  await expect(checkAnswers).toBeVisible();
  await page.goBack();
  await expect(contactName).toBeVisible();
  await page.reload();
  await expect(contactName).toHaveValue('Ama Mensah');
  await page.getByRole('button', { name: text(dir, 'forms:engine.continue') }).click();
  await expect(checkAnswers).toBeVisible();
  await page.reload();
  await expect(checkAnswers).toBeVisible();
  await expect(page.getByText('Ama Mensah').first()).toBeVisible();

  // Check answers shows both answers, each with its Change link.
  const check = page.getByRole('main');
  await expect(
    check.getByRole('term').filter({ hasText: text(dir, `forms:${KEY}.hasEmergencyContact.label`) }),
  ).toBeVisible();
  await expect(check.getByRole('term').filter({ hasText: text(dir, `forms:${KEY}.contactName.label`) })).toBeVisible();
  await expect(check.getByRole('link', { name: new RegExp(text(dir, 'forms:engine.change')) })).toHaveCount(2);
  await expectAccessible(page, 'emergency contact, check answers');
});

test('the new public form: rendered from its route, validated alike, kept over a reload, sent, thanked, e-mailed', async () => {
  test.setTimeout(120_000);
  const key = 'contactUs';
  const label = (field: string) => text(dir, `forms:${key}.${field}.label`);
  const send = page.getByRole('button', { name: text(dir, 'forms:publicForm.send') });

  // The API refuses a message of spaces with the message the page shows for it.
  const refused = await context.request.post(`/api/eta/forms/${CONTACT_FORM}/submissions`, {
    data: { answers: { fullName: 'Ama Mensah', topic: 'OTHER', wantsReply: false, message: ' ' } },
  });
  expect(refused.status()).toBe(400);
  const apiMessage = ((await refused.json()) as { fields: { field: string; message: string }[] }).fields.find(
    (f) => f.field === 'message',
  )?.message;
  expect(apiMessage).toBe(text(dir, 'validation:generic.required'));

  await page.goto(CONTACT_PATH);
  await expect(page.getByRole('heading', { level: 1, name: text(dir, `forms:${key}.title`) })).toBeVisible();
  await expect(page.getByText(text(dir, `forms:${key}.lead`))).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(text(dir, `forms:${key}.title`)));
  await expectAccessible(page, 'contact us');

  // Sent empty: every required question is named, the e-mail address is not asked yet.
  await send.click();
  const summary = page.getByRole('alert');
  await expect(summary.getByText(text(dir, 'validation:name.required'))).toBeVisible();
  await expect(summary.getByText(text(dir, 'validation:yesNo.required'))).toBeVisible();
  await expect(page.getByLabel(label('email'))).toHaveCount(0);
  await expectAccessible(page, 'contact us, with problems');

  // The e-mail address is asked only when a reply is wanted.
  await page.getByLabel(label('fullName')).fill('Ama Mensah');
  await page.getByRole('radio', { name: text(dir, `forms:${key}.topics.PAYMENT`) }).check();
  const reply = page.getByRole('group', { name: label('wantsReply') });
  await reply.getByRole('radio', { name: text(dir, 'forms:engine.yes') }).check();
  await expect(page.getByLabel(label('email'))).toBeVisible();
  await page.getByLabel(label('email')).fill('ama.mensah@example.org');
  await page.getByLabel(label('message')).fill(' ');
  await send.click();
  await expect(
    page
      .getByRole('alert')
      .getByText(apiMessage ?? '', { exact: true })
      .first(),
  ).toBeVisible();

  // What was typed survives a reload of the tab.
  await page.reload();
  await expect(page.getByLabel(label('fullName'))).toHaveValue('Ama Mensah');
  await expect(page.getByLabel(label('email'))).toHaveValue('ama.mensah@example.org');
  await page.getByLabel(label('message')).fill('My card was charged twice.');
  await send.click();

  await expect(page.getByRole('heading', { level: 1, name: text(dir, 'forms:publicForm.thanksTitle') })).toBeFocused();
  const referenceText = await page
    .getByRole('main')
    .locator('p')
    .filter({ hasText: /[0-9A-Z]{4}-[0-9A-Z]{4}/ })
    .innerText();
  const reference = /([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(referenceText)?.[1] ?? '';
  expect(referenceText).toBe(text(dir, 'forms:publicForm.reference').replace('{{reference}}', reference));
  await expectAccessible(page, 'contact us, thank you');

  // The forms' mailbox receives the answers, labelled.
  await expect
    .poll(async () => {
      const response = await context.request.get(`/dev/mailbox.json?to=${encodeURIComponent(FORMS_MAILBOX)}`);
      const mails = (await response.json()) as { subject: string; text: string }[];
      return mails.find((m) => m.subject.endsWith(reference))?.text ?? '';
    })
    .toContain('My card was charged twice.');

  // Once sent, the form starts empty again.
  await page.goto(CONTACT_PATH);
  await expect(page.getByLabel(label('fullName'))).toHaveValue('');
});

/** The answers stored under a submission's reference, read beside the running server from its own database. */
function storedAnswers(reference: string): { formId: string; answers: unknown } | undefined {
  const db = new Database(join(server.dataDir, 'eta.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT form_id, answers FROM form_submissions WHERE reference = ?').get(reference) as
      { form_id: string; answers: string } | undefined;
    return row && { formId: row.form_id, answers: JSON.parse(row.answers) as unknown };
  } finally {
    db.close();
  }
}

test('the public form of two pages, without scripts: each page carries the other, checked, sent, all stored', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const label = (field: string) => text(dir, `forms:${PAGED_KEY}.${field}.label`);
  const pageHeading = (pageId: string) =>
    visitor.getByRole('heading', { level: 2, name: text(dir, `forms:${PAGED_KEY}.pages.${pageId}`) });
  const noScripts = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const visitor = await noScripts.newPage();
  // axe needs scripts: each page is judged as a copy of its HTML in a page that runs axe alone.
  const copies = await staticCopies(browser, { width: 1280, height: 800 });
  try {
    await visitor.goto(PAGED_PATH);
    await expect(visitor.getByRole('heading', { level: 1, name: text(dir, `forms:${PAGED_KEY}.title`) })).toBeVisible();
    await expect(pageHeading('holder')).toBeVisible();
    await copies.expectAccessible(visitor, 'lost passport, first page, without scripts');

    // The first page's required question left empty: the page comes back with its message.
    const continueButton = visitor.getByRole('button', { name: text(dir, 'forms:engine.continue') });
    await visitor.getByLabel(label('email')).fill(PAGED_ANSWERS.email);
    await continueButton.click();
    await expect(
      visitor.getByRole('alert').getByText(text(dir, 'validation:name.required'), { exact: true }).first(),
    ).toBeVisible();
    await expect(pageHeading('holder')).toBeVisible();
    await expect(visitor.getByLabel(label('email'))).toHaveValue(PAGED_ANSWERS.email);
    await copies.expectAccessible(visitor, 'lost passport, first page with a problem, without scripts');

    await visitor.getByLabel(label('fullName')).fill(PAGED_ANSWERS.fullName);
    await continueButton.click();
    await expect(pageHeading('passport')).toBeVisible();
    await copies.expectAccessible(visitor, 'lost passport, second page, without scripts');

    // The second page's answers, then Back: the first page has its answers still, and the second keeps its own.
    await visitor
      .getByRole('group', { name: label('what') })
      .getByRole('radio', { name: text(dir, `forms:${PAGED_KEY}.whats.${PAGED_ANSWERS.what}`) })
      .check();
    await visitor.getByLabel(label('details')).fill(PAGED_ANSWERS.details);
    await visitor.getByRole('button', { name: text(dir, 'forms:engine.back') }).click();
    await expect(pageHeading('holder')).toBeVisible();
    await expect(visitor.getByLabel(label('fullName'))).toHaveValue(PAGED_ANSWERS.fullName);
    await continueButton.click();
    await expect(pageHeading('passport')).toBeVisible();
    await expect(
      visitor.getByRole('radio', { name: text(dir, `forms:${PAGED_KEY}.whats.${PAGED_ANSWERS.what}`) }),
    ).toBeChecked();
    await expect(visitor.getByLabel(label('details'))).toHaveValue(PAGED_ANSWERS.details);

    // The last page leads to check answers, which lists the answers of both pages.
    const send = visitor.getByRole('button', { name: text(dir, 'forms:publicForm.send') });
    await send.click();
    await expect(visitor.getByRole('heading', { name: text(dir, 'forms:engine.checkAnswersTitle') })).toBeVisible();
    const check = visitor.getByRole('main');
    for (const field of ['fullName', 'email', 'what', 'details']) {
      await expect(check.getByRole('term').filter({ hasText: label(field) })).toBeVisible();
    }
    for (const answer of [
      PAGED_ANSWERS.fullName,
      PAGED_ANSWERS.email,
      text(dir, `forms:${PAGED_KEY}.whats.${PAGED_ANSWERS.what}`),
      PAGED_ANSWERS.details,
    ]) {
      await expect(check.getByRole('definition').filter({ hasText: answer }).first()).toBeVisible();
    }
    await copies.expectAccessible(visitor, 'lost passport, check answers, without scripts');

    await send.click();
    await expect(
      visitor.getByRole('heading', { level: 1, name: text(dir, 'forms:publicForm.thanksTitle') }),
    ).toBeVisible();
    const referenceText = await visitor
      .getByRole('main')
      .locator('p')
      .filter({ hasText: /[0-9A-Z]{4}-[0-9A-Z]{4}/ })
      .innerText();
    const reference = /([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(referenceText)?.[1] ?? '';
    expect(referenceText).toBe(text(dir, 'forms:publicForm.reference').replace('{{reference}}', reference));
    await copies.expectAccessible(visitor, 'lost passport, thank you, without scripts');

    // Stored under its reference with the answers of both pages, and e-mailed to the forms' mailbox, labelled.
    expect(storedAnswers(reference)).toEqual({ formId: PAGED_FORM, answers: PAGED_ANSWERS });
    const mailOf = async () => {
      const response = await noScripts.request.get(`/dev/mailbox.json?to=${encodeURIComponent(FORMS_MAILBOX)}`);
      const mails = (await response.json()) as { subject: string; text: string }[];
      return mails.find((m) => m.subject.endsWith(reference))?.text ?? '';
    };
    await expect.poll(mailOf).not.toBe('');
    const mail = await mailOf();
    for (const field of ['fullName', 'email', 'details'] as const) {
      expect(mail).toContain(`${label(field)}\n${PAGED_ANSWERS[field]}`);
    }
    expect(mail).toContain(`${label('what')}\n${text(dir, `forms:${PAGED_KEY}.whats.${PAGED_ANSWERS.what}`)}`);
  } finally {
    await copies.close();
    await noScripts.close();
  }
});
