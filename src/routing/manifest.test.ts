import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import metaSchema from '@schemas/meta/routes-manifest.schema.json';
import manifestJson from '@schemas/routes.manifest.json';
import { localeFile, localeFiles } from '@/testing/configured-locales';
import { flattenRoutes, handleOf, manifest, type Guard } from './manifest';

/** Every route of the portal with the guard it needs. */
const specRoutes: ReadonlyArray<[path: string, guard: Guard]> = [
  // Public routes
  ['/', 'public'],
  ['/faq', 'public'],
  ['/registration-warning', 'public'],
  ['/registration', 'guest'],
  ['/verify-email', 'public'],
  ['/email-confirmation', 'public'],
  ['/otp', 'public'],
  ['/wallet-error', 'public'],
  ['/login', 'guest'],
  ['/forgot-password', 'public'],
  ['/reset-password', 'public'],
  ['/my-applications', 'auth'],
  // Authenticated routes
  ['/profile', 'auth'],
  ['/profile/change-password', 'auth'],
  ['/applications', 'auth'],
  ['/applications/application', 'auth'],
  ['/applications/application-submitted', 'auth'],
  ['/applications/confirm-applicant', 'auth'],
  ['/applications/create-application', 'auth'],
  ['/applications/declarations', 'auth'],
  ['/applications/manage-applicants', 'auth'],
  ['/applications/payment-complete', 'auth'],
  ['/applications/payment-overview', 'auth'],
  ['/applications/supporting-documents', 'auth'],
  ['/applications/view-eta', 'auth'],
  ['/applications/view-notice', 'auth'],
  ['/applications/view-visa', 'auth'],
  // Capture routes
  ['/capture', 'public'],
  ['/capture/capture-biometrics', 'auth'],
  ['/capture/image-capture-entry', 'public'],
  ['/capture/image-capture-result', 'public'],
];

function lookup(lng: string, key: string): unknown {
  const [ns, path] = key.split(':');
  let node: unknown = localeFile(lng, ns);
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

const byPath = new Map(flattenRoutes().map((flat) => [flat.fullPath, flat]));

function routeAt(path: string) {
  const flat = byPath.get(path);
  if (!flat) throw new Error(`${path} is not in the manifest`);
  return flat.route;
}

describe('route manifest', () => {
  it('is valid against its JSON Schema', () => {
    const ajv = new Ajv({ allErrors: true, strict: true });
    const validate = ajv.compile(metaSchema);
    const valid = validate(manifestJson);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('rejects typos and wrong values (the schema is strict)', () => {
    const validate = new Ajv({ allErrors: true }).compile(metaSchema);
    const bad = [
      { routes: [{ path: '/x', guard: 'public', titleKey: 'common:x', hideHeader: true }] },
      { routes: [{ path: '/x', guard: 'admin', titleKey: 'common:x' }] },
      { routes: [{ path: 'x', guard: 'public', titleKey: 'common:x' }] },
      { routes: [{ path: '/x', titleKey: 'common:x' }] },
      { routes: [{ path: '/x', guard: 'public', titleKey: 'no namespace' }] },
      { routes: [{ path: '/x', guard: 'public', titleKey: 'common:x', query: { a: { enum: ['b'] } } }] },
      { routes: [{ path: '/x', guard: 'public', titleKey: 'common:x', enabledBySetting: 'form preview' }] },
      // A page rendered ahead is the same for every visitor without a session.
      { routes: [{ path: '/x', guard: 'auth', titleKey: 'common:x', prerender: true }] },
      {
        routes: [
          { path: '/x', guard: 'public', titleKey: 'common:x', prerender: true, query: { a: { required: false } } },
        ],
      },
      {
        routes: [
          { path: '/x', guard: 'public', titleKey: 'common:x', children: [{ path: '/y', titleKey: 'common:y' }] },
        ],
      },
    ];
    for (const manifestCandidate of bad)
      expect(validate(manifestCandidate), JSON.stringify(manifestCandidate)).toBe(false);
  });

  it.each(specRoutes)('declares %s with the %s guard', (path, guard) => {
    expect(byPath.get(path)?.guard).toBe(guard);
  });

  it('declares each path once', () => {
    const paths = flattenRoutes().map((flat) => flat.fullPath);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('hides header and footer on the wallet error page and the two image-capture pages only', () => {
    const hidden = flattenRoutes()
      .filter((flat) => flat.route.hideHeaderFooter)
      .map((flat) => flat.fullPath)
      .sort();
    expect(hidden).toEqual(['/capture/image-capture-entry', '/capture/image-capture-result', '/wallet-error']);
  });

  it('declares the spec query parameters and their allowed values', () => {
    expect(routeAt('/verify-email').query?.authKey).toBeDefined();
    expect(routeAt('/reset-password').query?.authKey).toBeDefined();
    expect(routeAt('/applications/view-notice').query?.applicantIdentifier).toEqual({ required: false });
    expect(routeAt('/capture').query).toEqual({
      sessionIdentifier: { required: true },
      routeFrom: { required: false, enum: ['web', 'mobile'] },
    });
    expect(routeAt('/capture/capture-biometrics').query?.sessionIdentifier).toBeDefined();
    expect(routeAt('/capture/image-capture-entry').query).toEqual({
      cameraType: { required: false, enum: ['biometrics', 'passport'] },
      sessionIdentifier: { required: false },
      routeFrom: { required: true, enum: ['web', 'mobile'] },
    });
    expect(routeAt('/capture/image-capture-result').query).toEqual({
      status: { required: true, enum: ['success', 'failure'] },
      errorCode: { required: false },
      routeFrom: { required: true, enum: ['web', 'mobile'] },
      captureType: { required: true, enum: ['biometrics', 'passport'] },
      sessionIdentifier: { required: true },
    });
  });

  it('makes change-password need the e-mail in the router context', () => {
    expect(routeAt('/profile/change-password').requiresContext).toBe('email');
  });

  it.each([...new Set(Object.keys(localeFiles).map((file) => file.split('/')[0]))])(
    'has every title key in the %s locale files',
    (lng) => {
      const missing = flattenRoutes()
        .map((flat) => flat.route.titleKey)
        .filter((key) => typeof lookup(lng, key) !== 'string');
      expect(missing).toEqual([]);
    },
  );

  it('builds the route handle from the static data', () => {
    expect(handleOf(routeAt('/wallet-error'))).toEqual({
      titleKey: 'common:walletError.title',
      hideHeaderFooter: true,
    });
    expect(handleOf(routeAt('/faq'))).toEqual({ titleKey: 'common:faq.title' });
    expect(manifest.routes.length).toBeGreaterThan(0);
  });
});
