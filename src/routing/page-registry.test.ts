import '@/engine/testing/forms-loaded';
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from './manifest';
import { getPage, NOT_AVAILABLE_PAGE, PUBLIC_FORM_PAGE, pageRegistry, STEP_FORM_PAGE } from './page-registry';

const manifestPages = new Set(flattenRoutes().flatMap((flat) => (flat.route.page ? [flat.route.page] : [])));

describe('page registry', () => {
  it('has the page shown for routes whose screen is not built yet', () => {
    expect(getPage(NOT_AVAILABLE_PAGE)).toBeDefined();
  });

  it('registers only pages that a manifest route names', () => {
    const orphans = Object.keys(pageRegistry).filter(
      (name) =>
        name !== NOT_AVAILABLE_PAGE && name !== STEP_FORM_PAGE && name !== PUBLIC_FORM_PAGE && !manifestPages.has(name),
    );
    expect(orphans).toEqual([]);
  });

  it('registers the shell, account and form-preview pages', () => {
    for (const name of [
      'home',
      'faq',
      'wallet-error',
      'login',
      'registration',
      'profile',
      'change-password',
      'form-preview',
    ]) {
      expect(getPage(name), name).toBeDefined();
    }
  });

  it('answers undefined for unknown names and inherited object keys', () => {
    expect(getPage('no-such-page')).toBeUndefined();
    expect(getPage('toString')).toBeUndefined();
    expect(getPage(undefined)).toBeUndefined();
  });
});
