import { englishI18n as englishWith } from '@/testing/page-harness';

export { mockFetch, renderPage, type MockCall } from '@/testing/page-harness';

/** An English i18next instance with the namespaces the applications pages use. */
export const englishI18n = () => englishWith(['applications', 'forms', 'validation', 'api']);

/** An applicant as the API answers it, with overrides. */
export function applicantFixture(overrides: Record<string, unknown> = {}) {
  return {
    applicantIdentifier: '0190a0c4-0000-7000-8000-000000000001',
    isAccountHolder: true,
    relationship: null,
    givenNames: 'Amélie',
    familyName: 'Dubois',
    dateOfBirth: '1986-04-12',
    nationality: 'FR',
    passportIssuingCountry: 'FR',
    passportNumber: 'AB1234567',
    status: 'NOT_SUBMITTED',
    step: 'CAPTURE_BIOMETRICS',
    steps: [],
    ...overrides,
  };
}

/** An application as the API answers it, with overrides. */
export function applicationFixture(overrides: Record<string, unknown> = {}) {
  return {
    applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a001',
    applicationType: 'ETA',
    applyingFor: 'SELF_AND_OTHERS',
    status: 'IN_PROGRESS',
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    applicants: [],
    ...overrides,
  };
}
