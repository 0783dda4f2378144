// The staff's pages as a member of staff uses them: an administrator made with the operators' command signs in with
// the password and the authenticator's code, reads the published versions and the audit trail, narrows it and signs
// out, with scripts; an editor does the same without scripts, after a sign-in refused for a missing code; and the
// pages hold at 375 px. Every page and state is judged by axe.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { catalogueText, englishTexts, expectNoEnglish } from './support/catalogue';
import { expect, expectAccessible, test } from './support/fixtures';
import { type RunningServer, startServer } from './support/server';
import { staticCopies } from './support/static-copies';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A text of a language's catalogue with its {{placeholders}} filled in, as the page shows it. */
const text = (lng: string, key: string, vars: Record<string, string> = {}) =>
  catalogueText(lng, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? `{{${name}}}`);
const en = (key: string, vars?: Record<string, string>) => text('en', key, vars);
/** A text as a part of a pattern. */
const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Member {
  email: string;
  password: string;
  key: string;
}

let server: RunningServer;

/** A member of staff added with `npm run staff -- add` on the server's database, as an operator does. */
function addMember(email: string, roles: string[], languages: string[] = []): Member {
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/staff/staff-cli.ts',
      'add',
      email,
      ...roles.flatMap((r) => ['--role', r]),
      ...languages.flatMap((l) => ['--language', l]),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
    },
  );
  const password = /Password \(.*\): (\S+)/.exec(output)?.[1];
  const key = /Authenticator key: (\S+)/.exec(output)?.[1];
  if (!password || !key) throw new Error(`npm run staff -- add answered: ${output}`);
  return { email, password, key };
}

const codeOf = (member: Member) => generate({ secret: member.key });

async function signIn(page: Page, member: Member) {
  await page.getByLabel(en('staff:signIn.email.label')).fill(member.email);
  await page.getByLabel(en('staff:signIn.password.label')).fill(member.password);
  await page.getByLabel(en('staff:signIn.code.label')).fill(await codeOf(member));
  await page.getByRole('button', { name: en('staff:signIn.submit') }).click();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('an administrator signs in with the authenticator’s code, reads the versions and the audit trail, and signs out', async ({
  page,
}) => {
  const admin = addMember('admin@example.com', ['administrator']);
  await page.goto(`${server.baseURL}/staff/audit`);
  await expect(page).toHaveURL(/\/staff\/sign-in\?from=%2Fstaff%2Faudit$/);
  await expect(page.getByRole('heading', { level: 1, name: en('staff:signIn.title') })).toBeVisible();
  await expect(page.getByText(en('staff:signIn.needed'))).toBeVisible();
  await expectAccessible(page, 'staff sign-in');

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/staff\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: en('staff:audit.title') })).toBeVisible();
  const trail = page.getByRole('table');
  await expect(trail.getByRole('row').filter({ hasText: 'staff.signed-in' })).toHaveCount(1);
  await expect(trail.getByRole('row').filter({ hasText: 'staff.added' })).toHaveCount(1);
  await expectAccessible(page, 'audit trail');

  await page.getByRole('searchbox', { name: en('staff:audit.filter.subject') }).fill('nobody@example.com');
  await page.getByRole('button', { name: en('staff:audit.filter.submit') }).click();
  await expect(page).toHaveURL(/subject=nobody%40example\.com/);
  await expect(page.getByText(en('staff:audit.none'))).toBeVisible();

  await page
    .getByRole('navigation', { name: en('staff:bar.label') })
    .getByRole('link', { name: en('staff:bar.home') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: en('staff:home.title') })).toBeVisible();
  await expect(page.getByText(en('staff:home.roles_one', { roles: en('staff:roles.administrator') }))).toBeVisible();
  // Version 1 is what the server started with: the repository's forms and texts, live.
  const versions = page.getByRole('table', { name: en('staff:home.versions.caption') });
  await expect(
    versions.getByRole('rowheader', { name: new RegExp(`^1\\s*${escaped(en('staff:home.versions.live'))}$`) }),
  ).toBeVisible();
  await expectAccessible(page, 'staff home');

  await page.getByRole('button', { name: en('staff:bar.signOut') }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in\?signed-out=1$/);
  await expect(page.getByText(en('staff:signIn.signedOut'))).toBeVisible();
  await page.goto(`${server.baseURL}/staff`);
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
});

test('without scripts, an editor is told which fields are missing, then signs in and sees no audit trail', async ({
  browser,
}) => {
  const editor = addMember('editor@example.com', ['editor', 'publisher']);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const copies = await staticCopies(browser, { width: 1280, height: 800 });
  await page.goto(`${server.baseURL}/staff/sign-in`);
  await page.getByLabel(en('staff:signIn.email.label')).fill(editor.email);
  await page.getByLabel(en('staff:signIn.password.label')).fill(editor.password);
  await page.getByRole('button', { name: en('staff:signIn.submit') }).click();
  const summary = page.getByRole('alert').filter({ hasText: en('forms:engine.errorSummaryTitle') });
  await expect(summary.getByRole('link', { name: en('staff:signIn.missing.code') })).toBeVisible();
  await expect(page.getByLabel(en('staff:signIn.email.label'))).toHaveValue(editor.email);
  await expect(page.getByLabel(en('staff:signIn.password.label'))).toHaveValue('');
  await copies.expectAccessible(page, 'staff sign-in, code missing');

  await page.getByLabel(en('staff:signIn.code.label')).fill('000000');
  await page.getByLabel(en('staff:signIn.password.label')).fill(editor.password);
  await page.getByRole('button', { name: en('staff:signIn.submit') }).click();
  await expect(page.getByText(en('api:staff.signInRefused'))).toBeVisible();
  await copies.expectAccessible(page, 'staff sign-in, refused');

  await signIn(page, editor);
  await expect(page.getByRole('heading', { level: 1, name: en('staff:home.title') })).toBeVisible();
  await expect(
    page.getByText(
      en('staff:home.roles_other', { roles: `${en('staff:roles.editor')}, ${en('staff:roles.publisher')}` }),
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: en('staff:bar.audit') })).toHaveCount(0);
  await page.goto(`${server.baseURL}/staff/audit`);
  await expect(page.getByText(en('staff:audit.administratorsOnly'))).toBeVisible();
  await copies.expectAccessible(page, 'audit trail, not an administrator');
  await page.getByRole('button', { name: en('staff:bar.signOut') }).click();
  await expect(page.getByText(en('staff:signIn.signedOut'))).toBeVisible();
  await copies.close();
  await context.close();
});

test('an administrator adds a translator, sees the key once as text and QR code, and changes their roles', async ({
  page,
}) => {
  const admin = addMember('accounts@example.com', ['administrator']);
  await page.goto(`${server.baseURL}/staff/sign-in`);
  await signIn(page, admin);
  await page
    .getByRole('navigation', { name: en('staff:bar.label') })
    .getByRole('link', { name: en('staff:bar.accounts') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: en('staff:accounts.title') })).toBeVisible();
  const add = page.getByRole('form', { name: en('staff:accounts.add.title') });
  await add.getByLabel(en('staff:accounts.add.email')).fill('translator@example.com');
  await add
    .getByRole('group', { name: en('staff:accounts.roles.legend') })
    .getByLabel(en('staff:roles.translator'))
    .check();
  await add.getByRole('button', { name: en('staff:accounts.add.submit') }).click();
  await expect(page.getByText(en('api:staff.refusals.translator-languages'))).toBeVisible();
  await expectAccessible(page, 'staff accounts, translator without languages');

  await add
    .getByRole('group', { name: en('staff:accounts.languages.legend') })
    .getByLabel('Français')
    .check();
  await add.getByRole('button', { name: en('staff:accounts.add.submit') }).click();
  await expect(
    page.getByRole('heading', { name: en('staff:accounts.added.title', { email: 'translator@example.com' }) }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: en('staff:accounts.added.qr') })).toBeVisible();
  await expectAccessible(page, 'staff accounts, member added');

  await page.getByRole('link', { name: 'translator@example.com' }).click();
  const change = page.getByRole('form', {
    name: en('staff:accounts.change.title', { email: 'translator@example.com' }),
  });
  await change.getByLabel(en('staff:roles.editor')).check();
  await change.getByRole('button', { name: en('staff:accounts.change.submit') }).click();
  await expect(page.getByText(en('staff:accounts.rolesDone', { email: 'translator@example.com' }))).toBeVisible();
  await expect(page.getByRole('row', { name: /translator@example\.com/ })).toContainText(
    `${en('staff:roles.editor')}, ${en('staff:roles.translator')} (fr)`,
  );
  await expectAccessible(page, 'staff accounts, roles changed');
});

test('a translator changes a French text into a draft of their own, the live texts unchanged', async ({ page }) => {
  const translator = addMember('french@example.com', ['translator'], ['fr']);
  await page.goto(`${server.baseURL}/staff/sign-in`);
  await signIn(page, translator);
  await page
    .getByRole('navigation', { name: en('staff:bar.label') })
    .getByRole('link', { name: en('staff:bar.texts') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: en('staff:texts.title') })).toBeVisible();
  const choose = page.getByRole('search', { name: en('staff:texts.filter.label') });
  await choose.getByLabel(en('staff:texts.filter.namespace')).selectOption('staff');
  await choose.getByRole('button', { name: en('staff:texts.filter.submit') }).click();
  await expect(page).toHaveURL(/language=fr&namespace=staff/);
  await expectAccessible(page, 'texts of a namespace');

  const field = page.getByRole('textbox', { name: 'signIn.title' });
  await expect(field).toHaveValue(text('fr', 'staff:signIn.title'));
  await expect(field).toHaveAttribute('lang', 'fr');
  await field.fill('Connexion des agents');
  await page.getByRole('button', { name: en('staff:texts.save') }).click();
  await expect(
    page.getByText(
      new RegExp(
        `^${escaped(en('staff:texts.saved_one', { count: '1' })).replace('\\{\\{draft\\}\\}', '[0-9a-f-]{36}')}$`,
      ),
    ),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'signIn.title' })).toHaveValue('Connexion des agents');
  await expectAccessible(page, 'texts saved in a draft');

  // The draft is listed on the staff's home; the live version keeps its text until a publisher publishes it.
  await page.goto(`${server.baseURL}/staff`);
  const draft = page.getByRole('listitem').filter({ hasText: 'french@example.com' });
  await expect(draft).toHaveCount(1);
  await draft.getByRole('link').click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`${escaped(en('staff:draft.title'))}$`) }),
  ).toBeVisible();
  const change = page.getByRole('row', {
    name: new RegExp(escaped(en('staff:draft.where.text', { key: 'staff:signIn.title', language: 'fr' }))),
  });
  await expect(change).toContainText(text('fr', 'staff:signIn.title'));
  await expect(change).toContainText('Connexion des agents');
  await expectAccessible(page, 'a draft’s changes');
  await page.goto(`${server.baseURL}/staff/texts?language=fr&namespace=staff`);
  await expect(page.getByRole('textbox', { name: 'signIn.title' })).toHaveValue(text('fr', 'staff:signIn.title'));
});

test('the staff sign-in and home read right to left in Arabic, every text translated', async ({ page }) => {
  const member = addMember('arabic@example.com', ['translator'], ['ar']);
  await page.goto(`${server.baseURL}/staff/sign-in?lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'staff:signIn.title') })).toBeVisible();
  await expectAccessible(page, 'staff sign-in in Arabic');
  await expectNoEnglish(page, englishTexts('ar'), 'the staff sign-in in Arabic');
  await page.getByLabel(text('ar', 'staff:signIn.email.label')).fill(member.email);
  await page.getByLabel(text('ar', 'staff:signIn.password.label')).fill(member.password);
  await page.getByLabel(text('ar', 'staff:signIn.code.label')).fill(await codeOf(member));
  await page.getByRole('button', { name: text('ar', 'staff:signIn.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'staff:home.title') })).toBeVisible();
  await expectAccessible(page, 'staff home in Arabic');
  await expectNoEnglish(page, englishTexts('ar'), 'the staff home in Arabic', { userData: [member.email] });
});

test('at 375 px the staff home and the audit trail fit the screen, their tables scrolled on their own', async ({
  browser,
}) => {
  const admin = addMember('narrow@example.com', ['administrator', 'editor']);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/staff/sign-in`);
  await signIn(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: en('staff:home.title') })).toBeVisible();
  for (const path of ['/staff', '/staff/audit']) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(page.getByRole('table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    await expectAccessible(page, `${path} at 375 px`);
  }
  await context.close();
});
