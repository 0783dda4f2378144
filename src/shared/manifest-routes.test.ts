import { describe, expect, it } from 'vitest';
import { routeFullPath, routeName, routePathsOf, routesWithPaths, type NamedRoute } from './manifest-routes';

const routes: NamedRoute[] = [
  { path: '/', page: 'home' },
  {
    path: '/applications',
    page: 'applications-list',
    children: [
      { path: 'application', form: 'application-form' },
      { path: 'view-eta', page: 'view-eta', children: [{ path: 'print' }] },
    ],
  },
  { path: '/my-applications', page: 'applications-list' },
  { path: '/profile/change-password', page: 'change-password' },
];

describe('routeFullPath', () => {
  it("is a top-level route's own path", () => {
    expect(routeFullPath('/faq')).toBe('/faq');
    expect(routeFullPath('/')).toBe('/');
  });

  it("is a child's path below its parent's address", () => {
    expect(routeFullPath('view-eta', '/applications')).toBe('/applications/view-eta');
    expect(routeFullPath('print', '/applications/view-eta')).toBe('/applications/view-eta/print');
  });

  it('joins a child of the root with one slash', () => {
    expect(routeFullPath('faq', '/')).toBe('/faq');
  });

  it('keeps an absolute path below a parent as it is', () => {
    expect(routeFullPath('/capture', '/applications')).toBe('/capture');
  });
});

describe('routesWithPaths', () => {
  it('lists every route depth first, parents before their children, with its address', () => {
    expect(routesWithPaths(routes).map((at) => at.fullPath)).toEqual([
      '/',
      '/applications',
      '/applications/application',
      '/applications/view-eta',
      '/applications/view-eta/print',
      '/my-applications',
      '/profile/change-password',
    ]);
  });

  it("gives each child its parent's entry", () => {
    const print = routesWithPaths(routes).find((at) => at.fullPath.endsWith('/print'));
    expect(print?.parent?.fullPath).toBe('/applications/view-eta');
    expect(print?.parent?.parent?.route).toBe(routes[1]);
    expect(print?.parent?.parent?.parent).toBeUndefined();
  });
});

describe('routeName', () => {
  it("is the route's page in camelCase, else its form's", () => {
    expect(routeName({ page: 'capture-start' })).toBe('captureStart');
    expect(routeName({ page: 'otp', form: 'otp' })).toBe('otp');
    expect(routeName({ form: 'application-form' })).toBe('applicationForm');
    expect(routeName({ page: 'step-2-review' })).toBe('step2Review');
  });

  it('is none for a route that names neither', () => {
    expect(routeName({})).toBeUndefined();
  });
});

describe('routePathsOf', () => {
  it("is every named route's address by its name; a page at two addresses is named by its first", () => {
    expect(routePathsOf(routes)).toEqual({
      home: '/',
      applicationsList: '/applications',
      applicationForm: '/applications/application',
      viewEta: '/applications/view-eta',
      changePassword: '/profile/change-password',
    });
  });

  it('follows a path changed in the manifest', () => {
    const moved = structuredClone(routes);
    moved[1].path = '/trips';
    moved[3].path = '/account/password';
    expect(routePathsOf(moved)).toMatchObject({
      applicationsList: '/trips',
      applicationForm: '/trips/application',
      viewEta: '/trips/view-eta',
      changePassword: '/account/password',
    });
  });

  it('is not confused by names an object has of its own', () => {
    expect(routePathsOf([{ path: '/x', page: 'constructor' }])).toEqual({ constructor: '/x' });
  });
});
