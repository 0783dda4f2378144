import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import { loadPagePaths, pagePathsOf } from './page-paths';

describe('pages the server links to', () => {
  it('reads their addresses from the shipped route manifest', () => {
    expect(loadPagePaths(DEFAULT_SCHEMAS_DIR)).toEqual({
      login: '/login',
      verifyEmail: '/verify-email',
      resetPassword: '/reset-password',
      forgotPassword: '/forgot-password',
      applicationsList: '/my-applications',
      paymentOverview: '/applications/payment-overview',
      paymentComplete: '/applications/payment-complete',
      viewEta: '/applications/view-eta',
      viewVisa: '/applications/view-visa',
      viewNotice: '/applications/view-notice',
      verifySeal: '/verify-seal',
    });
  });

  it('reads a folder once', () => {
    expect(loadPagePaths(DEFAULT_SCHEMAS_DIR)).toBe(loadPagePaths(DEFAULT_SCHEMAS_DIR));
  });

  it('names the pages a manifest lacks', () => {
    expect(() => pagePathsOf([{ path: '/login', page: 'login' }], 'edited/routes.manifest.json')).toThrow(
      /edited\/routes\.manifest\.json has no route for the page\(s\) verifyEmail, resetPassword, .*verifySeal/,
    );
  });

  it('takes a child route’s address below its parent', () => {
    const paths = pagePathsOf([
      { path: '/login', page: 'login' },
      { path: '/verify-email', page: 'verify-email' },
      { path: '/reset-password', page: 'reset-password' },
      { path: '/forgot-password', page: 'forgot-password' },
      { path: '/my-applications', page: 'applications-list' },
      { path: '/verify-seal', page: 'verify-seal' },
      {
        path: '/a',
        children: ['payment-overview', 'payment-complete', 'view-eta', 'view-visa', 'view-notice'].map((page) => ({
          path: page,
          page,
        })),
      },
    ]);
    expect(paths.paymentComplete).toBe('/a/payment-complete');
  });
});
