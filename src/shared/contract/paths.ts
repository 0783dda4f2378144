/** The root of every call of the API (the specification's URLs); every path below is built from it. */
export const API_ROOT = '/api/eta';

/** Where the API's calls live (the specification's URLs). */
export const API_PATHS = {
  profile: `${API_ROOT}/profile`,
  applications: `${API_ROOT}/applications`,
  applicationDetails: `${API_ROOT}/application-details`,
  declarations: `${API_ROOT}/declarations`,
  applicants: `${API_ROOT}/applicants`,
  biometrics: `${API_ROOT}/biometrics`,
  captureSessionStatus: `${API_ROOT}/biometrics/capture-session-status`,
  forms: `${API_ROOT}/forms`,
  payments: `${API_ROOT}/payments`,
  seal: `${API_ROOT}/seal`,
  static: `${API_ROOT}/static`,
  wallet: `${API_ROOT}/wallet`,
  cspReport: `${API_ROOT}/csp-report`,
  openApi: `${API_ROOT}/openapi.json`,
} as const;

/** Header in which a linked phone sends back the device token LINK_PHONE gave it. */
export const CAPTURE_DEVICE_HEADER = 'X-Capture-Device';

/**
 * Cookie in which a phone linked without scripts keeps its device token (HttpOnly, for the browser's session):
 * `<session identifier>.<device token>`, taken by the capture API when the header is not sent.
 */
export const CAPTURE_DEVICE_COOKIE = 'eta.captureDevice';
