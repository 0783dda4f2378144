import '@/engine/testing/forms-loaded';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import LoginPage from './login-page';
import { englishI18n, mockFetch, renderPage } from './test-utils';

// The form engine's first render compiles little but imports much; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

const tokenInfo = { accessToken: 'access-1', expiresIn: 900, refreshToken: 'refresh-1', refreshExpiresIn: 3600 };

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email address' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('signs in, keeps the tokens and goes back to where the user was sent from', async () => {
    const calls = mockFetch(() => [200, { tokenInfo, profileIdentifier: 'p-1' }]);
    renderPage(i18n, <LoginPage />, '/login', { pathname: '/login', state: { from: '/profile' } });
    await fillAndSubmit('amina@example.com', 'Valid#Passw0rd2026');
    expect(await screen.findByRole('heading', { name: 'page /profile' })).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/eta/profile/login',
      body: { email: 'amina@example.com', password: 'Valid#Passw0rd2026' },
    });
    // jsdom drops Secure cookies on http; the profile identifier shows the sign-in ran.
    expect(localStorage.getItem('eta.profileIdentifier')).toBe('p-1');
  });

  it('shows one message for wrong credentials, marking no field', async () => {
    mockFetch(() => [401, { error: 'The e-mail address or password is not correct.', code: 'INVALID_CREDENTIALS' }]);
    renderPage(i18n, <LoginPage />, '/login');
    await fillAndSubmit('amina@example.com', 'Wrong#Passw0rd1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There is a problem');
    expect(alert.textContent).toContain('The e-mail address or password is not correct.');
    expect(screen.getByRole('textbox', { name: 'Email address' }).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
  });

  it('tells an unconfirmed account to confirm its e-mail and resends the link', async () => {
    const calls = mockFetch((call) =>
      call.url.endsWith('/login')
        ? [403, { error: 'Confirm your e-mail address before you sign in.', code: 'EMAIL_NOT_VERIFIED' }]
        : [200, { message: 'sent' }],
    );
    renderPage(i18n, <LoginPage />, '/login');
    await fillAndSubmit('new@example.com', 'Valid#Passw0rd2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText(/If new@example.com still needs confirming/)).toBeTruthy();
    expect(calls[1]).toMatchObject({
      url: '/api/eta/profile/verify-email-request',
      body: { email: 'new@example.com', emailAction: 'VERIFY_EMAIL' },
    });
  });

  it('shows the wait time of a throttled login', async () => {
    mockFetch(() => [429, { error: 'Too many attempts. Please try again in 15 minutes.', code: 'TOO_MANY_REQUESTS' }]);
    renderPage(i18n, <LoginPage />, '/login');
    await fillAndSubmit('amina@example.com', 'Valid#Passw0rd2026');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('try again in 15 minutes'));
  });
});
