import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latestMail, loginThroughApi, PASSWORD, uniqueEmail } from '../accounts';
import { expect } from '../fixtures';
import { answerPage, fieldName, formModel } from '../form-filler';
import { escapeRegExp } from '../no-scripts';
import { native, type Journey, type JourneyAccount } from './journey';

const NEW_PASSWORD = 'Fresh#Journey2027';

/** A form's invalid examples: answers and the message (a catalogue key) each field is refused with. */
export function invalidExamples(formId: string): { data: Record<string, unknown>; errors: Record<string, string> }[] {
  const file = join(import.meta.dirname, '..', '..', '..', 'schemas', `${formId}.examples.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { invalid: ReturnType<typeof invalidExamples> }).invalid;
}

/**
 * Registration (an empty form, then wrong answers, each refused with the summary of its problems), the e-mailed
 * link that confirms the address, signing in (a wrong password refused), the menu's Logout, a page for the
 * signed-in that sends the visitor to sign in, a forgotten password reset with the e-mailed code (a wrong code
 * first), and signing in with the new password (the old one refused): the visitor is on the profile, signed in.
 */
export async function registerAndSignIn({ page, context, run, api, p }: Journey): Promise<JourneyAccount> {
  const { lng } = run;
  const { t, main, heading, button, link, summary, errorTitle, userData, checked, go, open, openMenu } = p;
  /** An e-mail's subject, as the catalogue of the language writes it. */
  const subject = (key: string) => new RegExp(`^${escapeRegExp(t(key))}$`);
  const email = uniqueEmail(`no-scripts-${lng}`);
  const registrationForm = formModel('registration');
  const me: Record<string, unknown> = {
    ...registrationForm.examples[0],
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
  const givenNames = String(me.givenNames);
  const familyName = String(me.familyName);
  userData.push(givenNames, familyName, `${givenNames} ${familyName}`, email);
  /** The link of an e-mail whose address has `path`, opened as the browser opens it. */
  const follow = async (links: string[], path: string) => {
    const found = links.find((l) => l.includes(`${path}?authKey=`));
    expect(found, `a link to ${path} in the e-mail`).toBeTruthy();
    const { pathname, search } = new URL(found!);
    await open(`${pathname}${search}`);
  };

  // ---- registration: an empty form, then wrong answers, each refused with the summary of its problems
  await open(`/registration?lng=${lng}`);
  await expect(heading(t('accounts:registration.title'))).toBeVisible();
  await checked('registration');
  await go(button('accounts:registration.submit'));
  const emptyErrors = invalidExamples('registration')[0].errors;
  await expect(summary.getByRole('link')).toHaveCount(Object.keys(emptyErrors).length);
  for (const key of new Set(Object.values(emptyErrors))) {
    await expect(summary.getByRole('link', { name: t(key), exact: true }).first()).toBeVisible();
  }
  await expect(page).toHaveTitle(errorTitle);
  await checked('registration-empty');

  await answerPage(
    page,
    lng,
    registrationForm,
    'main',
    { ...me, email: 'thandiwe@', confirmPassword: `${PASSWORD}x` },
    native,
  );
  await go(button('accounts:registration.submit'));
  await expect(summary.getByRole('link')).toHaveCount(2);
  await expect(summary.getByRole('link', { name: t('validation:email.invalid'), exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: t('validation:passwords.mismatch'), exact: true })).toBeVisible();
  await expect(page).toHaveTitle(errorTitle);
  // What was typed stays, to be corrected.
  await expect(
    main.getByRole('textbox', { name: fieldName(lng, t('forms:registration.givenNames.label')) }),
  ).toHaveValue(givenNames);
  await checked('registration-wrong');

  await answerPage(page, lng, registrationForm, 'main', me, native);
  await go(button('accounts:registration.submit'));
  await expect(page).toHaveURL(/\/email-confirmation$/);
  await expect(heading(t('accounts:emailConfirmation.title'))).toBeVisible();
  await expect(main.getByText(email, { exact: true })).toBeVisible();
  await checked('email-sent');

  // ---- the e-mailed link confirms the address
  const confirmation = await latestMail(api, email, subject('emails:verifyEmail.subject'));
  await follow(confirmation.links, '/verify-email');
  await go(button('accounts:verifyEmail.submit'));
  await expect(heading(t('accounts:verifyEmail.confirmedTitle'))).toBeVisible();
  await checked('email-confirmed');

  // ---- signing in: a wrong password is refused without saying which answer was wrong, the right one opens the profile
  const loginForm = formModel('login');
  await go(link(t('accounts:verifyEmail.login')));
  await expect(page).toHaveURL(/\/login$/);
  await expect(heading(t('accounts:login.title'))).toBeVisible();
  await checked('login');
  await answerPage(page, lng, loginForm, 'main', { email, password: 'Wrong#Password99' }, native);
  await go(button('accounts:login.submit'));
  await expect(summary).toContainText(t('api:accounts.invalidCredentials'));
  await expect(page).toHaveTitle(errorTitle);
  await checked('login-wrong-password');
  await answerPage(page, lng, loginForm, 'main', { email, password: PASSWORD }, native);
  await go(button('accounts:login.submit'));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(heading(t('accounts:profile.title'))).toBeVisible();
  await expect(main.getByText(email, { exact: true })).toBeVisible();
  await checked('profile');

  // ---- the menu's Logout signs out; a page for the signed-in then sends the visitor to sign in
  const logOut = (await openMenu()).getByRole('button', { name: t('common:nav.logout'), exact: true });
  await expect(logOut).toBeVisible();
  await go(logOut);
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(t('common:home.title'))).toBeVisible();
  await expect(main.getByText(t('common:home.start.loggedOutTitle'), { exact: true })).toBeVisible();
  expect((await context.cookies()).filter((c) => c.name === 'refreshToken')).toEqual([]);
  await checked('signed-out');
  await open('/my-applications');
  await expect(page).toHaveURL(/\/login\?from=%2Fmy-applications$/);
  await expect(heading(t('accounts:login.title'))).toBeVisible();
  await checked('login-from-my-applications');

  // ---- a forgotten password: the e-mailed code, a wrong one first, then the new password
  await go(link(t('accounts:login.forgotPassword')));
  await expect(heading(t('accounts:forgotPassword.title'))).toBeVisible();
  await checked('forgot-password');
  await answerPage(page, lng, formModel('forgot-password'), 'main', { email }, native);
  await go(button('accounts:forgotPassword.submit'));
  await expect(heading(t('accounts:forgotPassword.sentTitle'))).toBeVisible();
  await expect(main.getByText(t('accounts:forgotPassword.sent'), { exact: true })).toBeVisible();
  await checked('forgot-password-sent');
  await go(link(t('accounts:forgotPassword.enterCode')));
  await expect(page).toHaveURL(/\/otp\?emailAction=RESET_PASSWORD$/);
  await expect(heading(t('accounts:otp.title'))).toBeVisible();
  const otpForm = formModel('otp');
  await expect(main.getByRole('textbox', { name: fieldName(lng, t('forms:otp.email.label')) })).toHaveValue(email);
  await checked('reset-code');
  const reset = await latestMail(api, email, subject('emails:resetPassword.subject'));
  const code = /\b(\d{6})\b/.exec(reset.text)?.[1];
  expect(code, 'the code in the e-mail').toBeTruthy();
  const wrongCode = code === '000000' ? '111111' : '000000';
  await answerPage(page, lng, otpForm, 'main', { code: wrongCode }, native);
  await go(button('accounts:otp.resetSubmit'));
  await expect(summary).toContainText(t('api:accounts.codeInvalid'));
  await expect(page).toHaveTitle(errorTitle);
  await checked('reset-code-wrong');
  await answerPage(page, lng, otpForm, 'main', { email, code }, native);
  await go(button('accounts:otp.resetSubmit'));
  await expect(page).toHaveURL(/\/reset-password\?authKey=/);
  await expect(heading(t('accounts:resetPassword.title'))).toBeVisible();
  await checked('reset-password');
  await answerPage(
    page,
    lng,
    formModel('reset-password'),
    'main',
    { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    native,
  );
  await go(button('accounts:resetPassword.submit'));
  await expect(heading(t('accounts:resetPassword.doneTitle'))).toBeVisible();
  await checked('password-reset');

  // ---- the old password no longer signs in, the new one does
  await go(link(t('accounts:resetPassword.login')));
  await expect(heading(t('accounts:login.title'))).toBeVisible();
  await answerPage(page, lng, loginForm, 'main', { email, password: PASSWORD }, native);
  await go(button('accounts:login.submit'));
  await expect(summary).toContainText(t('api:accounts.invalidCredentials'));
  await answerPage(page, lng, loginForm, 'main', { email, password: NEW_PASSWORD }, native);
  await go(button('accounts:login.submit'));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(heading(t('accounts:profile.title'))).toBeVisible();
  await checked('profile-new-password');

  const account = { email, password: NEW_PASSWORD, givenNames, familyName };
  return { ...account, name: `${givenNames} ${familyName}`, tokens: await loginThroughApi(api, account) };
}
