/**
 * One query-key factory per API resource. Keys are arrays starting with the resource name,
 * so `invalidateQueries({ queryKey: queryKeys.applications.all })` reaches every query of that resource.
 */
export const queryKeys = {
  profile: {
    all: ['profile'] as const,
    detail: () => ['profile', 'detail'] as const,
  },
  applications: {
    all: ['applications'] as const,
    list: () => ['applications', 'list'] as const,
    details: (applicationIdentifier: string) => ['applications', 'details', applicationIdentifier] as const,
    detail: (applicationIdentifier: string) => ['applications', 'detail', applicationIdentifier] as const,
    applicants: (applicationIdentifier: string) => ['applications', 'applicants', applicationIdentifier] as const,
  },
  captureSessions: {
    all: ['capture-sessions'] as const,
    status: (captureSessionIdentifier: string) => ['capture-sessions', 'status', captureSessionIdentifier] as const,
  },
  applicants: {
    all: ['applicants'] as const,
    eta: (applicantIdentifier: string) => ['applicants', applicantIdentifier, 'eta'] as const,
    permit: (applicantIdentifier: string) => ['applicants', applicantIdentifier, 'permit'] as const,
    rejectionNotice: (applicantIdentifier: string) => ['applicants', applicantIdentifier, 'rejection-notice'] as const,
    walletLink: (applicantIdentifier: string) => ['applicants', applicantIdentifier, 'wallet-link'] as const,
    wallets: () => ['applicants', 'wallets'] as const,
  },
  seal: {
    all: ['seal'] as const,
    certificate: () => ['seal', 'certificate'] as const,
    status: (documentNumber: string) => ['seal', 'status', documentNumber] as const,
  },
  documents: {
    all: ['documents'] as const,
    applicant: (applicationIdentifier: string, applicantIdentifier: string) =>
      ['documents', applicationIdentifier, applicantIdentifier] as const,
  },
  payments: {
    all: ['payments'] as const,
    overview: (applicationIdentifier: string) => ['payments', applicationIdentifier, 'overview'] as const,
    submission: (applicationIdentifier: string) => ['payments', applicationIdentifier, 'submission'] as const,
  },
  static: {
    all: ['static'] as const,
    lookups: (language: string) => ['static', 'lookups', language] as const,
    countries: (language: string, search: string = '') => ['static', 'countries', language, search] as const,
    clientSettings: () => ['static', 'client-settings'] as const,
  },
} as const;
