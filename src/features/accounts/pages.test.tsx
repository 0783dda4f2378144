import '@/engine/testing/forms-loaded';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, storeTokens } from '@/api/auth/tokens';
import { clearRouterContext, getRouterContext, setRouterContext } from '@/api/router-context';
import ChangePasswordPage from './change-password-page';
import EmailConfirmationPage from './email-confirmation-page';
import ForgotPasswordPage from './forgot-password-page';
import OtpPage from './otp-page';
import ProfilePage, { formatMobile } from './profile-page';
import RegistrationWarningPage from './registration-warning-page';
import ResetPasswordPage, { isWellFormedKey } from './reset-password-page';
import { englishI18n, mockFetch, renderPage } from './test-utils';

// The form engine's first render imports much; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  clearTokens();
});

const KEY = 'A'.repeat(43);
const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const passwordInput = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('RegistrationWarningPage', () => {
  it('says what matters before registering under one h1 and continues to the form', () => {
    renderPage(i18n, <RegistrationWarningPage />, '/registration-warning');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Before you register']);
    for (const name of ['This is the only official website', 'Use your own e-mail address', 'Registering is free']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByText(/do not need an agent/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/registration');
  });
});

describe('EmailConfirmationPage', () => {
  it('names the address from the router context and resends the e-mail', async () => {
    setRouterContext({ email: 'amina@example.com' });
    const calls = mockFetch(() => [200, { message: 'sent' }]);
    renderPage(i18n, <EmailConfirmationPage />, '/email-confirmation');
    expect(screen.getByText('amina@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter the code' }).getAttribute('href')).toBe('/otp');
    fireEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/eta/profile/verify-email-request',
      body: { email: 'amina@example.com', emailAction: 'VERIFY_EMAIL' },
    });
  });
});

describe('router context shared with the routing layer', () => {
  it('follows changes made through the router context in this tab', () => {
    setRouterContext({ email: 'amina@example.com' });
    renderPage(i18n, <EmailConfirmationPage />, '/email-confirmation');
    expect(screen.getByText('amina@example.com')).toBeTruthy();
    act(() => setRouterContext({ email: 'other@example.com' }));
    expect(screen.getByText('other@example.com')).toBeTruthy();
    act(() => clearRouterContext());
    expect(screen.queryByText('other@example.com')).toBeNull();
  });
});

describe('ForgotPasswordPage', () => {
  it('always gives the same answer', async () => {
    const calls = mockFetch(() => [200, { message: 'whatever the server says' }]);
    renderPage(i18n, <ForgotPasswordPage />, '/forgot-password');
    change(await screen.findByRole('textbox', { name: 'Email address' }), 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText(
        'If an account exists for this address, we have sent it a link and a code to reset the password.',
      ),
    ).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/eta/profile/request-password-reset',
      body: { email: 'nobody@example.com' },
    });
  });

  it('offers the e-mailed code for users who cannot open the link here, with the address remembered', async () => {
    mockFetch(() => [200, { message: 'sent' }]);
    renderPage(i18n, <ForgotPasswordPage />, '/forgot-password');
    change(await screen.findByRole('textbox', { name: 'Email address' }), ' amina@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    const enterCode = await screen.findByRole('link', { name: 'Enter the code' });
    expect(enterCode.getAttribute('href')).toBe('/otp?emailAction=RESET_PASSWORD');
    expect(getRouterContext().email).toBe('amina@example.com');
  });

  it('keeps the form and shows the engine summary for an empty address', async () => {
    const calls = mockFetch(() => [200, {}]);
    renderPage(i18n, <ForgotPasswordPage />, '/forgot-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('link', { name: 'Email is required' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('ResetPasswordPage', () => {
  const fill = async () => {
    change(await screen.findByLabelText('New password', { selector: 'input' }), 'Fresh#Journey2027');
    change(passwordInput('Confirm new password'), 'Fresh#Journey2027');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
  };

  it('sets the new password with the key from the link and sends the user to log in', async () => {
    const calls = mockFetch(() => [200, { message: 'ok' }]);
    renderPage(i18n, <ResetPasswordPage />, '/reset-password', `/reset-password?authKey=${KEY}`);
    await fill();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(calls[0]).toMatchObject({
      url: '/api/eta/profile/reset-password',
      body: { authKey: KEY, newPassword: 'Fresh#Journey2027', confirmPassword: 'Fresh#Journey2027' },
    });
  });

  it('explains an expired link and offers a new one', async () => {
    mockFetch(() => [400, { error: 'not valid', code: 'RESET_LINK_INVALID' }]);
    renderPage(i18n, <ResetPasswordPage />, '/reset-password', `/reset-password?authKey=${KEY}`);
    await fill();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired or is not valid' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('treats a key of the wrong shape as an invalid link', () => {
    expect(isWellFormedKey(KEY)).toBe(true);
    expect(isWellFormedKey('short')).toBe(false);
    expect(isWellFormedKey(`${KEY}!`)).toBe(false);
  });
});

const profile = {
  profileIdentifier: 'p-1',
  title: 'MS',
  givenNames: 'Amina',
  familyName: "D'Souza",
  email: 'amina@example.com',
  mobile: { isoAlpha2Code: 'GB', mobileNumber: '+447400123456' },
  emailVerified: true,
  language: 'en',
};

describe('ProfilePage', () => {
  it('shows the names, e-mail and formatted mobile, and puts the e-mail into the router context for a password change', async () => {
    mockFetch(() => [200, profile]);
    const { router } = renderPage(i18n, <ProfilePage />, '/profile');
    expect(await screen.findByText("Ms Amina D'Souza")).toBeTruthy();
    expect(screen.getByText('amina@example.com')).toBeTruthy();
    expect(screen.getByText('+44 7400 123456')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply for an ETA' }).getAttribute('href')).toBe(
      '/applications/create-application',
    );
    expect(screen.getByRole('link', { name: 'My applications' }).getAttribute('href')).toBe('/my-applications');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(getRouterContext().email).toBe('amina@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/change-password'));
  });

  it('formats numbers it can parse and leaves others as stored', () => {
    expect(formatMobile({ isoAlpha2Code: 'ZA', mobileNumber: '0821234567' })).toBe('+27 82 123 4567');
    expect(formatMobile({ isoAlpha2Code: 'ZA', mobileNumber: 'abc' })).toBe('abc');
  });
});

describe('ChangePasswordPage', () => {
  const fill = async (current: string) => {
    change(await screen.findByLabelText('Current password', { selector: 'input' }), current);
    change(passwordInput('New password'), 'Fresh#Journey2027');
    change(passwordInput('Confirm new password'), 'Fresh#Journey2027');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('shows a wrong current password on its field', async () => {
    mockFetch(() => [
      400,
      {
        error: 'The current password is not correct.',
        code: 'CURRENT_PASSWORD_INVALID',
        fields: [
          {
            field: 'currentPassword',
            key: 'api:accounts.currentPasswordInvalid',
            message: 'The current password is not correct.',
          },
        ],
      },
    ]);
    renderPage(i18n, <ChangePasswordPage />, '/profile/change-password');
    await fill('Not#TheRight1');
    expect(await screen.findByRole('link', { name: 'The current password is not correct.' })).toBeTruthy();
    expect(screen.getByLabelText('Current password', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('changes the password and goes back to the profile, which says so', async () => {
    const calls = mockFetch(() => [200, { message: 'ok' }]);
    const { router } = renderPage(i18n, <ChangePasswordPage />, '/profile/change-password');
    await fill('Valid#Passw0rd2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.state).toEqual({ notice: 'passwordChanged' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/eta/profile/change-password' });
  });
});

describe('OtpPage for a password-reset code', () => {
  const RESET = '/otp?emailAction=RESET_PASSWORD';
  const enterCode = async (code: string) => {
    change(await screen.findByRole('textbox', { name: 'Code' }), code);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  };

  it('exchanges the code for a reset key and lets the signed-in owner choose the password on the change page', async () => {
    setRouterContext({ email: 'amina@example.com' });
    storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 3600 });
    const calls = mockFetch(() => [200, { message: 'Code accepted.', authKey: KEY }]);
    const { router } = renderPage(i18n, <OtpPage />, '/otp', RESET);
    expect(screen.getByText(/code from the password reset e-mail/)).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'Email address' })) as HTMLInputElement).value).toBe(
      'amina@example.com',
    );
    await enterCode('042917');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/change-password'));
    expect(router.state.location.state).toEqual({ resetKey: KEY });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/eta/profile/verify',
        body: { email: 'amina@example.com', code: '042917', emailAction: 'RESET_PASSWORD' },
      },
    ]);
  });

  it('sends a signed-out user on to the reset page with the key', async () => {
    setRouterContext({ email: 'amina@example.com' });
    mockFetch(() => [200, { message: 'Code accepted.', authKey: KEY }]);
    const { router } = renderPage(i18n, <OtpPage />, '/otp', RESET);
    await enterCode('042917');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(router.state.location.search).toBe(`?authKey=${KEY}`);
  });

  it('shows a wrong code on its field and stays', async () => {
    setRouterContext({ email: 'amina@example.com' });
    mockFetch(() => [400, { error: 'This code is not valid.', code: 'CODE_INVALID' }]);
    const { router } = renderPage(i18n, <OtpPage />, '/otp', RESET);
    await enterCode('000000');
    expect(await screen.findByRole('link', { name: 'This code is not valid.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/otp');
  });

  it('sends a new reset e-mail, not a confirmation one', async () => {
    setRouterContext({ email: 'amina@example.com' });
    const calls = mockFetch(() => [200, { message: 'sent' }]);
    renderPage(i18n, <OtpPage />, '/otp', RESET);
    fireEvent.click(await screen.findByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText(/If a profile exists for amina@example.com/)).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/eta/profile/verify-email-request',
      body: { email: 'amina@example.com', emailAction: 'RESET_PASSWORD' },
    });
  });
});

describe('ChangePasswordPage with an e-mailed code', () => {
  it('e-mails a code to the profile address and goes to the code page', async () => {
    setRouterContext({ email: 'amina@example.com' });
    const calls = mockFetch(() => [200, { message: 'sent' }]);
    const { router } = renderPage(i18n, <ChangePasswordPage />, '/profile/change-password');
    expect(screen.getByRole('heading', { level: 2, name: 'Forgotten your current password?' })).toBeTruthy();
    expect(screen.getByText(/6-digit code to amina@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp'));
    expect(router.state.location.search).toBe('?emailAction=RESET_PASSWORD');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/eta/profile/verify-email-request',
        body: { email: 'amina@example.com', emailAction: 'RESET_PASSWORD' },
      },
    ]);
  });

  it('asks only for the new pair once the code is accepted, and sends the key instead of the current password', async () => {
    setRouterContext({ email: 'amina@example.com' });
    const calls = mockFetch(() => [200, { message: 'ok' }]);
    const { router } = renderPage(i18n, <ChangePasswordPage />, '/profile/change-password', {
      pathname: '/profile/change-password',
      state: { resetKey: KEY },
    });
    expect(await screen.findByText(/Your code has been accepted/)).toBeTruthy();
    expect(screen.queryByLabelText('Current password', { selector: 'input' })).toBeNull();
    change(await screen.findByLabelText('New password', { selector: 'input' }), 'Fresh#Journey2027');
    change(passwordInput('Confirm new password'), 'Fresh#Journey2027');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.state).toEqual({ notice: 'passwordChanged' });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/eta/profile/change-password',
        body: { authKey: KEY, newPassword: 'Fresh#Journey2027', confirmPassword: 'Fresh#Journey2027' },
      },
    ]);
  });

  it('goes back to the current-password form, saying why, when the key has run out', async () => {
    setRouterContext({ email: 'amina@example.com' });
    mockFetch(() => [
      400,
      {
        error: 'This code has expired or was already used. Ask for a new code.',
        code: 'RESET_LINK_INVALID',
        fields: [
          {
            field: 'authKey',
            key: 'api:accounts.resetCodeExpired',
            message: 'This code has expired or was already used. Ask for a new code.',
          },
        ],
      },
    ]);
    const { router } = renderPage(i18n, <ChangePasswordPage />, '/profile/change-password', {
      pathname: '/profile/change-password',
      state: { resetKey: KEY },
    });
    change(await screen.findByLabelText('New password', { selector: 'input' }), 'Fresh#Journey2027');
    change(passwordInput('Confirm new password'), 'Fresh#Journey2027');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This code has expired or was already used. Ask for a new code.')).toBeTruthy();
    expect(await screen.findByLabelText('Current password', { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'E-mail me a code' })).toBeTruthy();
    expect(router.state.location.state).toBeNull();
  });
});
