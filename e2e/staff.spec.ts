// The staff's pages as a member of staff uses them: an administrator made with the operators' command signs in with
// the password and the authenticator's code, reads the published versions and the audit trail, narrows it and signs
// out, with scripts; an editor does the same without scripts, after a sign-in refused for a missing code; and the
// pages hold at 375 px. Every page and state is judged by axe.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, expectAccessible, test } from './support/fixtures';
import { type RunningServer, startServer } from './support/server';
import { staticCopies } from './support/static-copies';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

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
  await page.getByLabel('E-mail address').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Code from your authenticator app').fill(await codeOf(member));
  await page.getByRole('button', { name: 'Sign in' }).click();
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
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await expect(page.getByText('Sign in to see that page.')).toBeVisible();
  await expectAccessible(page, 'staff sign-in');

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/staff\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const trail = page.getByRole('table');
  await expect(trail.getByRole('row').filter({ hasText: 'staff.signed-in' })).toHaveCount(1);
  await expect(trail.getByRole('row').filter({ hasText: 'staff.added' })).toHaveCount(1);
  await expectAccessible(page, 'audit trail');

  await page.getByRole('searchbox', { name: /Subject/ }).fill('nobody@example.com');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/subject=nobody%40example\.com/);
  await expect(page.getByText('Nothing has been recorded for this subject.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Staff home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
  await expect(page.getByText('Your role: administrator.')).toBeVisible();
  // Version 1 is what the server started with: the repository's forms and texts, live.
  const versions = page.getByRole('table', { name: 'Published versions of the forms and texts' });
  await expect(versions.getByRole('rowheader', { name: /^1\s*Live$/ })).toBeVisible();
  await expectAccessible(page, 'staff home');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in\?signed-out=1$/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
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
  await page.getByLabel('E-mail address').fill(editor.email);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary.getByRole('link', { name: 'Enter the code from your authenticator app' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue(editor.email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await copies.expectAccessible(page, 'staff sign-in, code missing');

  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('The e-mail address, password or code is not right. Check them and try again.'),
  ).toBeVisible();
  await copies.expectAccessible(page, 'staff sign-in, refused');

  await signIn(page, editor);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
  await expect(page.getByText('Your roles: editor, publisher.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await page.goto(`${server.baseURL}/staff/audit`);
  await expect(page.getByText('Only administrators can read the audit trail.')).toBeVisible();
  await copies.expectAccessible(page, 'audit trail, not an administrator');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await copies.close();
  await context.close();
});

test('an administrator adds a translator, sees the key once as text and QR code, and changes their roles', async ({
  page,
}) => {
  const admin = addMember('accounts@example.com', ['administrator']);
  await page.goto(`${server.baseURL}/staff/sign-in`);
  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Staff accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
  const add = page.getByRole('form', { name: 'Add a member of staff' });
  await add.getByLabel('E-mail address').fill('translator@example.com');
  await add.getByRole('group', { name: 'Roles' }).getByLabel('translator').check();
  await add.getByRole('button', { name: 'Add the member' }).click();
  await expect(page.getByText('Choose the languages a translator works on.')).toBeVisible();
  await expectAccessible(page, 'staff accounts, translator without languages');

  await add.getByRole('group', { name: 'Languages (translators)' }).getByLabel('Français').check();
  await add.getByRole('button', { name: 'Add the member' }).click();
  await expect(page.getByRole('heading', { name: 'Account added for translator@example.com' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible();
  await expectAccessible(page, 'staff accounts, member added');

  await page.getByRole('link', { name: 'translator@example.com' }).click();
  const change = page.getByRole('form', { name: 'Roles of translator@example.com' });
  await change.getByLabel('editor').check();
  await change.getByRole('button', { name: 'Save the roles' }).click();
  await expect(page.getByText('The roles of translator@example.com have been changed.')).toBeVisible();
  await expect(page.getByRole('row', { name: /translator@example\.com/ })).toContainText('editor, translator (fr)');
  await expectAccessible(page, 'staff accounts, roles changed');
});

test('a translator changes a French text into a draft of their own, the live texts unchanged', async ({ page }) => {
  const translator = addMember('french@example.com', ['translator'], ['fr']);
  await page.goto(`${server.baseURL}/staff/sign-in`);
  await signIn(page, translator);
  await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Texts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Texts' })).toBeVisible();
  const choose = page.getByRole('search', { name: 'Choose the texts' });
  await choose.getByLabel('Texts of').selectOption('staff');
  await choose.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/language=fr&namespace=staff/);
  await expectAccessible(page, 'texts of a namespace');

  const field = page.getByRole('textbox', { name: 'signIn.title' });
  await expect(field).toHaveValue('Connexion du personnel');
  await expect(field).toHaveAttribute('lang', 'fr');
  await field.fill('Connexion des agents');
  await page.getByRole('button', { name: 'Save in my draft' }).click();
  await expect(page.getByText(/^1 text saved in your draft [0-9a-f-]{36}\.$/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'signIn.title' })).toHaveValue('Connexion des agents');
  await expectAccessible(page, 'texts saved in a draft');

  // The draft is listed on the staff's home; the live version keeps its text until a publisher publishes it.
  await page.goto(`${server.baseURL}/staff`);
  const draft = page.getByRole('listitem').filter({ hasText: 'french@example.com' });
  await expect(draft).toHaveCount(1);
  await draft.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /Draft$/ })).toBeVisible();
  const change = page.getByRole('row', { name: /Text staff:signIn\.title \(fr\)/ });
  await expect(change).toContainText('Connexion du personnel');
  await expect(change).toContainText('Connexion des agents');
  await expectAccessible(page, 'a draft’s changes');
  await page.goto(`${server.baseURL}/staff/texts?language=fr&namespace=staff`);
  await expect(page.getByRole('textbox', { name: 'signIn.title' })).toHaveValue('Connexion du personnel');
});

test('the staff sign-in and home read right to left in Arabic, every text translated', async ({ page }) => {
  const member = addMember('arabic@example.com', ['translator'], ['ar']);
  await page.goto(`${server.baseURL}/staff/sign-in?lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل دخول الموظفين' })).toBeVisible();
  await expectAccessible(page, 'staff sign-in in Arabic');
  await page.getByLabel('عنوان البريد الإلكتروني').fill(member.email);
  await page.getByLabel('كلمة المرور').fill(member.password);
  await page.getByLabel('الرمز من تطبيق المصادقة').fill(await codeOf(member));
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة الرئيسية للموظفين' })).toBeVisible();
  await expectAccessible(page, 'staff home in Arabic');
});

test('at 375 px the staff home and the audit trail fit the screen, their tables scrolled on their own', async ({
  browser,
}) => {
  const admin = addMember('narrow@example.com', ['administrator', 'editor']);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/staff/sign-in`);
  await signIn(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
  for (const path of ['/staff', '/staff/audit']) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(page.getByRole('table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    await expectAccessible(page, `${path} at 375 px`);
  }
  await context.close();
});
