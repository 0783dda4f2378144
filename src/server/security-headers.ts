import { API_PATHS } from '../shared/contract';

/** Where browsers send the policy's violations (src/server/security/csp-report.ts). */
export const CSP_REPORT_PATH = API_PATHS.cspReport;
/** The Reporting API's name for that address, given in Reporting-Endpoints. */
export const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * Content-Security-Policy of every answer. Griffel injects style tags at runtime, hence style 'unsafe-inline';
 * scripts stay 'self' only. `apiOrigin` (when the portal calls an API on another origin) joins connect-src.
 */
export function contentSecurityPolicy(apiOrigin?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    apiOrigin ? `connect-src 'self' ${apiOrigin}` : "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    // report-to for current browsers, report-uri for those without the Reporting API (which ignore report-to).
    `report-to ${CSP_REPORT_GROUP}`,
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/** Headers set on every response, whatever produced it; `apiUrl` is the API_URL runtime setting. */
export function securityHeaders(apiUrl = ''): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(apiUrl ? new URL(apiUrl).origin : undefined),
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    // The capture flow uses this device's camera; nothing else needs a sensor.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
    'reporting-endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
  };
}

const NO_STORE_PREFIXES = ['/api', '/envs', '/health', '/dev'];

/** True for paths answered by the API rather than by the portal (no SPA fallback, never cached). */
export function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0];
  return NO_STORE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
