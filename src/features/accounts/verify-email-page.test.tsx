import '@/engine/testing/forms-loaded';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import VerifyEmailPage from './verify-email-page';
import { CONFIRM_ACTION } from './verify-email-data';
import { englishI18n, mockFetch, renderPage } from './test-utils';

// The form engine's first render imports much; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => vi.unstubAllGlobals());

const KEY = 'A'.repeat(43);
const LINK = `/verify-email?authKey=${KEY}`;
const confirmButton = () => screen.getByRole('button', { name: 'Confirm my e-mail address' });

describe('VerifyEmailPage', () => {
  it('confirms nothing as it opens: the address is confirmed by the press, once, and the way on is to log in', async () => {
    let answer: () => void = () => undefined;
    const calls = mockFetch(() => [200, { message: 'ok' }]);
    const fetched = vi.mocked(fetch);
    const first = fetched.getMockImplementation()!;
    // The API's answer waits, so that a second press lands while the first is on its way.
    fetched.mockImplementation((...args) => new Promise((resolve) => (answer = () => resolve(first(...args)))));
    renderPage(i18n, <VerifyEmailPage />, '/verify-email', LINK);

    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(calls).toEqual([]);
    // Without scripts the button posts the page's form with its action, the form token beside it.
    const button = confirmButton();
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.getAttribute('name')).toBe('_action');
    expect(button.getAttribute('value')).toBe(CONFIRM_ACTION);
    expect(button.closest('form')?.getAttribute('method')).toBe('post');
    expect(button.closest('form')?.querySelector('input[type="hidden"][name="_csrf"]')).toBeTruthy();

    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([{ method: 'POST', url: '/api/eta/profile/verify', body: { authKey: KEY } }]);
  });

  it('explains a used or expired link once pressed, and asks for the address to send a new one', async () => {
    mockFetch(() => [400, { error: 'This confirmation link is not valid.', code: 'VERIFY_LINK_INVALID' }]);
    renderPage(i18n, <VerifyEmailPage />, '/verify-email', LINK);
    fireEvent.click(confirmButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired or is not valid' }),
    ).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the e-mail again' })).toBeTruthy();
  });

  it('says why a press was refused for another reason and keeps the button to try again', async () => {
    let status = 429;
    const calls = mockFetch(() =>
      status === 429
        ? [429, { error: 'Too many attempts. Please try again in 15 minutes.', code: 'TOO_MANY_REQUESTS' }]
        : [200, { message: 'ok' }],
    );
    renderPage(i18n, <VerifyEmailPage />, '/verify-email', LINK);
    fireEvent.click(confirmButton());
    expect(await screen.findByText('Too many attempts. Please try again in 15 minutes.')).toBeTruthy();
    status = 200;
    fireEvent.click(confirmButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('opens on the link that does not work when its key cannot be one, asking nothing of the API', () => {
    const calls = mockFetch(() => [200, { message: 'ok' }]);
    renderPage(i18n, <VerifyEmailPage />, '/verify-email', '/verify-email?authKey=not%20a%20key');
    expect(screen.getByRole('heading', { level: 1, name: 'This link has expired or is not valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm my e-mail address' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
