/**
 * The portal's addresses that code links to, by name. Routes themselves come from schemas/routes.manifest.json;
 * route-paths.test.ts checks that every address here is a route of the manifest, so a link cannot point nowhere.
 * Forms and steps an editor adds by JSON need no entry: the manifest and the step flow link to them.
 */
export const PATHS = {
  home: '/',
  faq: '/faq',
  registrationWarning: '/registration-warning',
  registration: '/registration',
  verifyEmail: '/verify-email',
  emailConfirmation: '/email-confirmation',
  otp: '/otp',
  walletError: '/wallet-error',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  myApplications: '/my-applications',
  profile: '/profile',
  changePassword: '/profile/change-password',
  applications: '/applications',
  applicationSubmitted: '/applications/application-submitted',
  confirmApplicant: '/applications/confirm-applicant',
  createApplication: '/applications/create-application',
  manageApplicants: '/applications/manage-applicants',
  paymentComplete: '/applications/payment-complete',
  paymentOverview: '/applications/payment-overview',
  supportingDocuments: '/applications/supporting-documents',
  viewEta: '/applications/view-eta',
  viewNotice: '/applications/view-notice',
  viewVisa: '/applications/view-visa',
  verifySeal: '/verify-seal',
  capture: '/capture',
  captureBiometrics: '/capture/capture-biometrics',
  imageCaptureEntry: '/capture/image-capture-entry',
  imageCaptureResult: '/capture/image-capture-result',
} as const;

export type PathName = keyof typeof PATHS;
