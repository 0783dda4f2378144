/** Where the API's calls live (the specification's URLs). */
export const API_PATHS = {
  profile: '/api/eta/profile',
  applications: '/api/eta/applications',
  applicationDetails: '/api/eta/application-details',
  declarations: '/api/eta/declarations',
  biometrics: '/api/eta/biometrics',
  captureSessionStatus: '/api/eta/biometrics/capture-session-status',
  openApi: '/api/eta/openapi.json',
} as const;

/** Header in which a linked phone sends back the device token LINK_PHONE gave it. */
export const CAPTURE_DEVICE_HEADER = 'X-Capture-Device';
