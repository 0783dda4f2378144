import { describe, expect, it } from 'vitest';
import { routeNamespaces } from './route-namespaces';

describe('routeNamespaces', () => {
  it('is common and the title key namespace for a page without a form', () => {
    expect(routeNamespaces({ titleKey: 'common:faq.title' })).toEqual(['common']);
    expect(routeNamespaces({ titleKey: 'applications:list.title' })).toEqual(['common', 'applications']);
  });

  it('adds the form texts and validation messages for a form route', () => {
    expect(routeNamespaces({ titleKey: 'accounts:login.title', form: 'login' })).toEqual([
      'common',
      'accounts',
      'forms',
      'validation',
    ]);
  });

  it('is common alone for an unknown route', () => {
    expect(routeNamespaces(undefined)).toEqual(['common']);
  });
});
