import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { API_PATHS } from '../shared/contract';

/** Where browsers send the policy's violations (src/server/security/csp-report.ts). */
export const CSP_REPORT_PATH = API_PATHS.cspReport;
/** The Reporting API's name for that address, given in Reporting-Endpoints. */
export const CSP_REPORT_GROUP = 'csp-endpoint';

/** What the policy lets in besides the portal's own origin. */
export interface PolicyOrigins {
  /** The API's origin, when the portal calls an API on another origin (API_URL): it joins connect-src. */
  apiOrigin?: string;
  /** An origin forms may post to (the payment sandbox's page posts back to the portal): it joins form-action. */
  formOrigin?: string;
}

/**
 * The Content-Security-Policy's directives. Griffel injects style tags at runtime, hence style 'unsafe-inline';
 * scripts stay 'self' only.
 */
function directives({ apiOrigin, formOrigin }: PolicyOrigins): Record<string, string[]> {
  const self = "'self'";
  return {
    'default-src': [self],
    'script-src': [self],
    'style-src': [self, "'unsafe-inline'"],
    'img-src': [self, 'data:', 'blob:'],
    'media-src': [self, 'blob:'],
    'font-src': [self],
    'connect-src': apiOrigin ? [self, apiOrigin] : [self],
    'frame-ancestors': ["'none'"],
    'base-uri': [self],
    'form-action': formOrigin ? [self, formOrigin] : [self],
    'object-src': ["'none'"],
    // report-to for current browsers, report-uri for those without the Reporting API (which ignore report-to).
    'report-to': [CSP_REPORT_GROUP],
    'report-uri': [CSP_REPORT_PATH],
  };
}

/**
 * The headers helmet sets for these options. None of them depends on the request, so they are read once, by running
 * helmet's middleware against a response that only records them; the same headers then go on answers fastify sends
 * and on those written straight to the socket (framework-errors.ts).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** helmet's option for the policy above, and nothing of its default policy. */
const policyOption = (origins: PolicyOrigins) => ({ useDefaults: false, directives: directives(origins) });

/** The Content-Security-Policy alone (the payment sandbox's page sets its own, with the portal as a form's target). */
export function contentSecurityPolicy(origins: PolicyOrigins = {}): string {
  return helmetHeaders({ contentSecurityPolicy: policyOption(origins) })['content-security-policy'];
}

/** The headers of each API_URL, worked out on first use: an answer written straight to the socket asks every time. */
const headersByApiUrl = new Map<string, Readonly<Record<string, string>>>();

/**
 * Headers set on every response, whatever produced it; `apiUrl` is the API_URL runtime setting. helmet's own
 * defaults but for these: the policy above; HSTS for two years; no framing at all; no Cross-Origin-Resource-Policy,
 * so that an API on another origin (API_URL) may still serve the portal's images and files. helmet has no
 * Permissions-Policy or Reporting-Endpoints: those two are added here.
 */
export function securityHeaders(apiUrl = ''): Readonly<Record<string, string>> {
  let headers = headersByApiUrl.get(apiUrl);
  if (!headers) {
    headers = Object.freeze({
      ...helmetHeaders({
        contentSecurityPolicy: policyOption({ apiOrigin: apiUrl ? new URL(apiUrl).origin : undefined }),
        strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
        xFrameOptions: { action: 'deny' },
        crossOriginResourcePolicy: false,
      }),
      // The capture flow uses this device's camera; nothing else needs a sensor.
      'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
      'reporting-endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    });
    headersByApiUrl.set(apiUrl, headers);
  }
  return headers;
}

const NO_STORE_PREFIXES = ['/api', '/envs', '/health', '/dev'];

/** True for paths answered by the API rather than by the portal (no SPA fallback, never cached). */
export function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0];
  return NO_STORE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
