import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { test as base, expect, expectAccessible } from './support/fixtures';
import {
  createVerifiedAccount,
  latestMail,
  PASSWORD,
  signInBrowser,
  uniqueEmail,
  type Tokens,
} from './support/accounts';
import { startServer, type RunningServer } from './support/server';

/**
 * The account journeys run against servers of their own (one per worker), so that the per-address e-mail and
 * sign-in limits are not shared with the other journeys, and a second server can use short token lifetimes.
 */
const test = base.extend<
  object,
  { accountsServer: RunningServer; shortServer: RunningServer; idleServer: RunningServer }
>({
  accountsServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  shortServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      // Access tokens of 62 s: the portal refreshes one minute before expiry, so about every 2 seconds.
      const server = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '62' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  idleServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      // Signed out after 30 s without activity, warned 24 s before: the time-out happens within a test.
      const server = await startServer({ env: { SESSION_IDLE_SECONDS: '30', SESSION_WARNING_SECONDS: '24' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ accountsServer }, use) => use(accountsServer.baseURL),
});

const NEW_PASSWORD = 'Fresh#Journey2027';

/** axe once the screen has settled (page chunk and its calls done), so transient loading states are not judged. */
async function checkAccessible(page: Page, label: string, { dialog = false } = {}) {
  await page.waitForLoadState('networkidle');
  // An open modal dialog hides the page behind it from assistive technology, h1 included.
  if (!dialog) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, label);
}

async function chooseOption(page: Page, label: string, search: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Registration warning -> registration form -> e-mail confirmation page, checking each screen with axe. */
async function registerInBrowser(page: Page, email: string) {
  await page.goto('/registration-warning');
  await expect(page.getByRole('heading', { level: 1, name: 'Before you register' })).toBeVisible();
  await checkAccessible(page, 'registration warning');
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await checkAccessible(page, 'registration');
  await chooseOption(page, 'Title', 'Ms', 'Ms');
  await page.getByRole('textbox', { name: 'Given names' }).fill('Amina');
  await page.getByRole('textbox', { name: 'Family name' }).fill("D'Souza-Nkosi");
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await chooseOption(page, 'Country code', 'United Kingdom', /United Kingdom/);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('07400 123456');
  await page.getByLabel('Create a password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm your password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/email-confirmation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await checkAccessible(page, 'e-mail confirmation');
}

async function logIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Profile -> change password -> back on the profile with the confirmation. */
async function changePassword(page: Page, current: string, next: string) {
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  await checkAccessible(page, 'change password');

  // A wrong current password is an error on that field.
  await page.getByLabel('Current password', { exact: true }).fill('Not#TheRight1');
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('The current password is not correct.');
  await expect(page).toHaveTitle(/^Error: /);
  await checkAccessible(page, 'change password, wrong current password');

  await page.getByLabel('Current password', { exact: true }).fill(current);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await page.context().cookies()).filter((c) => c.name === 'refreshToken').length)
    .toBe(0);
}

/** Forgot password -> e-mail -> reset page -> log in with the new password -> profile. */
async function resetPassword(page: Page, request: APIRequestContext, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgotten your password?' })).toBeVisible();
  await checkAccessible(page, 'forgot password');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(
    page.getByText('If an account exists for this address, we have sent it a link and a code to reset the password.'),
  ).toBeVisible();
  await checkAccessible(page, 'forgot password, sent');

  const mail = await latestMail(request, email, /Reset your password/);
  const link = mail.links.find((l) => l.includes('/reset-password?authKey='));
  expect(link, 'reset link in the e-mail').toBeTruthy();
  const { pathname, search } = new URL(link!);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await checkAccessible(page, 'reset password');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
  await checkAccessible(page, 'reset password, done');
  await page.getByRole('link', { name: 'Log in' }).last().click();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
}

/** The 6-digit code of the newest password-reset e-mail (the `count`-th that address received). */
async function resetCode(request: APIRequestContext, email: string, count: number): Promise<string> {
  const mail = await latestMail(request, email, /Reset your password/, { count });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, 'code in the reset e-mail').toBeTruthy();
  return code!;
}

/** Profile -> change password without the current one: an e-mailed code on /otp, then the new pair. */
async function changePasswordWithCode(page: Page, request: APIRequestContext, email: string, next: string) {
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Forgotten your current password?' })).toBeVisible();
  await page.getByRole('button', { name: 'E-mail me a code' }).click();

  await expect(page).toHaveURL(/\/otp\?emailAction=RESET_PASSWORD$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  await checkAccessible(page, 'otp, password reset code');
  await page.getByRole('textbox', { name: 'Code' }).fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
    'The code is not correct',
  );
  await page.getByRole('textbox', { name: 'Code' }).fill(await resetCode(request, email, 1));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/profile\/change-password$/);
  await expect(page.getByText('Your code has been accepted.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);
  await checkAccessible(page, 'change password with a code');
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
}

/** Forgot password -> the e-mail's code on /otp -> reset page -> log in with the new password -> profile. */
async function resetPasswordWithCode(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
  mailsBefore: number,
) {
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/otp\?emailAction=RESET_PASSWORD$/);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Code' }).fill(await resetCode(request, email, mailsBefore + 1));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/reset-password\?authKey=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).last().click();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
}

async function expectProfile(page: Page, email: string) {
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("Ms Amina D'Souza-Nkosi")).toBeVisible();
  await expect(page.getByText('+44 7400 123456')).toBeVisible();
  await checkAccessible(page, 'profile');
}

test.describe('account journeys', () => {
  test('register, confirm by the e-mailed link, log in, change and reset the password', async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('link');
    await registerInBrowser(page, email);

    const mail = await latestMail(request, email, /Confirm your e-mail address/);
    const link = mail.links.find((l) => l.includes('/verify-email?authKey='));
    expect(link, 'confirmation link in the e-mail').toBeTruthy();
    const { pathname, search } = new URL(link!);
    await page.goto(`${pathname}${search}`);
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible();
    await checkAccessible(page, 'verify e-mail, confirmed');

    // The same link a second time: used, so the page explains and offers a new e-mail.
    await page.goto(`${pathname}${search}`);
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired or is not valid' })).toBeVisible();
    await checkAccessible(page, 'verify e-mail, used link');

    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    await expectProfile(page, email);
    await changePassword(page, PASSWORD, NEW_PASSWORD);
    await logOut(page);
    await resetPassword(page, request, email, 'Third#Password2028');
  });

  test('register, confirm with the e-mailed code, log in, change and reset the password with e-mailed codes', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('code');
    await registerInBrowser(page, email);
    await page.getByRole('link', { name: 'Enter the code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
    await checkAccessible(page, 'otp');

    // A wrong code is an error on the code field.
    await page.getByRole('textbox', { name: 'Code' }).fill('000000');
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
      'The code is not correct',
    );
    await checkAccessible(page, 'otp, wrong code');

    const mail = await latestMail(request, email, /Confirm your e-mail address/);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, 'code in the e-mail').toBeTruthy();
    await page.getByRole('textbox', { name: 'Code' }).fill(code!);
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible();
    await checkAccessible(page, 'otp, confirmed');
    await page.getByRole('link', { name: 'Log in' }).last().click();

    await logIn(page, email, PASSWORD);
    await expectProfile(page, email);
    // The user no longer knows the current password: a code replaces it, and the session goes on.
    await changePasswordWithCode(page, request, email, NEW_PASSWORD);
    await logOut(page);
    // The old password is gone.
    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await logOut(page);
    await resetPasswordWithCode(page, request, email, 'Third#Password2028', 1);
  });

  test('an unconfirmed account is told to confirm its e-mail and can ask for a new one', async ({ page, request }) => {
    const email = uniqueEmail('unconfirmed');
    const registered = await request.post('/api/eta/profile/register', {
      data: {
        title: 'MR',
        givenNames: 'Pieter',
        familyName: 'Botha',
        email,
        mobile: { isoAlpha2Code: 'GB', mobileNumber: '07400 123457' },
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    const problem = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(problem).toContainText('Confirm your e-mail address before you sign in.');
    await checkAccessible(page, 'login, e-mail not confirmed');
    await problem.getByRole('button', { name: 'Send the e-mail again' }).click();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('guards and errors', () => {
  test('a wrong password gets one message that does not say which was wrong', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    await page.goto('/login');
    await checkAccessible(page, 'login');
    await logIn(page, account.email, 'Wrong#Password99');
    const problem = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(problem).toContainText('The e-mail address or password is not correct.');
    await expect(problem).toBeFocused();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByRole('textbox', { name: 'Email address' })).not.toHaveAttribute('aria-invalid', 'true');
    await checkAccessible(page, 'login, wrong password');

    // Form errors come from the engine's summary.
    await page.getByRole('textbox', { name: 'Email address' }).fill('');
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('link', { name: 'Email is required' })).toBeVisible();
    await checkAccessible(page, 'login, empty form');
  });

  test('a signed-in user visiting /login or /registration lands on /profile', async ({ page, signedIn: account }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await page.goto('/registration');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(account.email)).toBeVisible();
  });

  test('a signed-out user visiting /profile logs in and returns to /profile', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    await page.goto('/profile');
    // The server sends the visitor to sign in, naming the page to come back to.
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(account.email)).toBeVisible();
  });

  test('screens without a usable link explain what to do', async ({ page }) => {
    await page.goto('/verify-email?authKey=not-a-real-key');
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired or is not valid' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the e-mail again' })).toBeVisible();
    await checkAccessible(page, 'verify e-mail, unknown key');

    await page.goto('/reset-password?authKey=not-a-real-key');
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired or is not valid' })).toBeVisible();
    await page.goto('/reset-password?authKey=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired or is not valid' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await checkAccessible(page, 'reset password, unknown key');

    await page.goto('/registration');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    await checkAccessible(page, 'registration, empty form');
  });
});

/** Puts a fresh, verified account on `server` and its tokens into the browser. */
async function signedInOn(server: RunningServer, context: BrowserContext) {
  const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const account = await createVerifiedAccount(api);
  await signInBrowser(context, server.baseURL, account.tokens);
  return { api, account };
}

async function refreshTokenCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'refreshToken')?.value;
}

test.describe('tokens in the browser', () => {
  test('refresh keeps the session over many access-token expiries without a 401 reaching the user', async ({
    page,
    context,
    shortServer,
  }) => {
    test.setTimeout(90_000);
    const { api, account } = await signedInOn(shortServer, context);
    const unauthorised: string[] = [];
    let refreshes = 0;
    page.on('response', (response) => {
      if (response.status() === 401) unauthorised.push(`${response.request().method()} ${response.url()}`);
      if (response.url().endsWith('/api/eta/profile/refresh') && response.ok()) refreshes += 1;
    });

    await page.goto(`${shortServer.baseURL}/profile`);
    await expect(page.getByText(account.email)).toBeVisible();
    const started = Date.now();
    for (let round = 0; round < 4; round += 1) {
      await page.waitForTimeout(4_000);
      // Reload just after a refresh has landed, never in the middle of one: an answer lost in flight would
      // leave the browser holding a rotated token.
      await page.waitForResponse((r) => r.url().endsWith('/api/eta/profile/refresh') && r.ok());
      await page.waitForTimeout(300);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
      await expect(page.getByText(account.email)).toBeVisible();
    }
    await page.waitForTimeout(Math.max(0, 20_000 - (Date.now() - started)));
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(account.email)).toBeVisible();
    expect(refreshes, 'refreshes during the stay').toBeGreaterThanOrEqual(5);
    expect(unauthorised).toEqual([]);
    await api.dispose();
  });

  test('replaying a rotated refresh token ends the session, and the browser is signed out on its next refresh', async ({
    page,
    context,
    shortServer,
  }) => {
    const { api, account } = await signedInOn(shortServer, context);
    const stolen = account.tokens.refreshToken;
    await page.goto(`${shortServer.baseURL}/profile`);
    await expect(page.getByText(account.email)).toBeVisible();
    // The browser rotates the token it started with (the access token is always within a minute of expiry),
    // then uses the token it got: the stolen one's successor has been used, so a replay is a copy.
    await expect.poll(() => refreshTokenCookie(page), { timeout: 10_000 }).not.toBe(stolen);
    const successor = await refreshTokenCookie(page);
    await expect.poll(() => refreshTokenCookie(page), { timeout: 10_000 }).not.toBe(successor);

    const replay = await api.post('/api/eta/profile/refresh', { data: { refreshToken: stolen } });
    expect(replay.status()).toBe(401);
    expect(((await replay.json()) as Tokens & { code?: string }).code).toBe('REFRESH_TOKEN_INVALID');

    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    await expect.poll(() => refreshTokenCookie(page)).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'You have been signed out because your session ended.' }),
    ).toBeVisible();
    await api.dispose();
  });

  test('a refresh answer lost to a reload does not end the session', async ({ page, context, shortServer }) => {
    const { api, account } = await signedInOn(shortServer, context);
    await page.goto(`${shortServer.baseURL}/profile`);
    await expect(page.getByText(account.email)).toBeVisible();
    let lostToken: string | undefined;
    // The next refresh reaches the server, which rotates the token, but its answer never reaches the page.
    await page.route('**/api/eta/profile/refresh', async (route) => {
      if (lostToken) return route.continue();
      lostToken = (route.request().postDataJSON() as { refreshToken: string }).refreshToken;
      expect((await route.fetch()).status()).toBe(200);
      await page.reload();
    });
    await expect.poll(() => lostToken, { timeout: 10_000 }).toBeTruthy();
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    // The reloaded page presents the token it still holds, within the grace period: a fresh pair, same session.
    await expect.poll(() => refreshTokenCookie(page), { timeout: 10_000 }).not.toBe(lostToken);
    await page.waitForTimeout(5_000);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(account.email)).toBeVisible();
    expect(await refreshTokenCookie(page)).toBeTruthy();
    await api.dispose();
  });
});

test.describe('session time-out after inactivity', () => {
  test('warns before the time-out, Stay signed in carries on, and doing nothing signs out', async ({
    page,
    context,
    idleServer,
  }) => {
    test.setTimeout(120_000);
    const { api, account } = await signedInOn(idleServer, context);
    await page.goto(`${idleServer.baseURL}/profile`);
    await expect(page.getByText(account.email)).toBeVisible();
    const dialog = page.getByRole('alertdialog', { name: 'You will be signed out soon' });
    await expect(dialog).toBeHidden();

    // 30 s of inactivity, warned 24 s before: the warning comes about 6 s after the page opened.
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await expect(dialog).toContainText(/sign you out in \d+ seconds?/);
    await checkAccessible(page, 'session warning', { dialog: true });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/eta/profile/refresh') && r.ok());
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await refreshed;
    await expect(dialog).toBeHidden();
    await expect(page.getByText(account.email)).toBeVisible();

    // Activity in another tab of the portal counts too: it closes this tab's warning.
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    const other = await context.newPage();
    await other.goto(`${idleServer.baseURL}/profile`);
    await expect(other.getByText(account.email)).toBeVisible();
    await expect(dialog).toBeHidden();
    await other.close();

    // Nobody does anything now: signed out on the server, cookies gone, /login says why.
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/eta/profile/logout'), { timeout: 45_000 });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await loggedOut;
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    await expect.poll(() => refreshTokenCookie(page)).toBeUndefined();
    await expect(
      page.getByRole('status').filter({ hasText: 'You have been signed out because your session ended.' }),
    ).toBeVisible();
    await checkAccessible(page, 'login after the session ended');
    await api.dispose();
  });
});
