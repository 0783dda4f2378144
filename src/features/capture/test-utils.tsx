import { englishI18n as englishWith } from '@/testing/page-harness';

export { mockFetch, renderPage, type MockCall } from '@/testing/page-harness';

/** An English i18next instance with the namespaces the capture pages use. */
export const englishI18n = () => englishWith(['capture', 'forms']);

/** A capture session as GET capture-session-status answers it, with overrides. */
export function sessionView(overrides: Record<string, unknown> = {}) {
  return {
    status: 'BIO_LINKING_PHONE',
    captureType: 'biometrics',
    attemptsLeft: 5,
    expiresAt: '2030-01-01T00:15:00.000Z',
    ...overrides,
  };
}

/** A 43-character session identifier (32 random bytes in base64url, as the API makes them). */
export const SESSION_ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
