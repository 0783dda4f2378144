import { describe, expect, expectTypeOf, it } from 'vitest';
import manifest from '../../schemas/routes.manifest.json';
import { routeName, routePathsOf, routesWithPaths, type NamedRoute } from './manifest-routes';
import { PATHS, type PathName } from './route-paths';

const routes = manifest.routes as NamedRoute[];

describe('route paths', () => {
  it('are the addresses of the routes of the manifest, by name', () => {
    expect(PATHS).toEqual(routePathsOf(routes));
  });

  it.each(routesWithPaths(routes).map((at) => [at.fullPath, at.route] as const))(
    '%s is in PATHS by its name (a page shown at several addresses at its first)',
    (fullPath, route) => {
      const name = routeName(route);
      if (name === undefined) return;
      const first = routesWithPaths(routes).find((at) => routeName(at.route) === name);
      expect(PATHS[name as PathName]).toBe(first?.fullPath);
      if (first?.route === route) expect(PATHS[name as PathName]).toBe(fullPath);
    },
  );

  it('name the routes code links to by their page', () => {
    expect(PATHS).toMatchObject({
      home: '/',
      login: '/login',
      changePassword: '/profile/change-password',
      applicationsList: '/my-applications',
      manageApplicants: '/applications/manage-applicants',
      captureStart: '/capture',
      applicationForm: '/applications/application',
    });
  });

  it('follow a path an editor changes in the manifest, children with their parent', () => {
    const edited = structuredClone(routes);
    const applications = edited.find((route) => route.path === '/applications');
    const login = edited.find((route) => route.page === 'login');
    applications!.path = '/my-trips';
    login!.path = '/sign-in';
    const paths = routePathsOf(edited);
    expect(paths.login).toBe('/sign-in');
    expect(paths.manageApplicants).toBe('/my-trips/manage-applicants');
    expect(paths.applicationForm).toBe('/my-trips/application');
    expect(paths.home).toBe(PATHS.home);
  });

  it('have a name the manifest does not give a route as a type error', () => {
    expectTypeOf(PATHS).toHaveProperty('manageApplicants');
    // @ts-expect-error no route of the manifest is named so
    expect(PATHS.manageApplicant).toBeUndefined();
  });
});
