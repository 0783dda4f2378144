import { describe, expect, it } from 'vitest';
import { pageOfRoute, publicFormsOf, PUBLIC_FORM_PAGE, STEP_FORM_PAGE } from './form-routes';

const manifest = {
  routes: [
    { path: '/login', page: 'login', form: 'login', titleKey: 'accounts:login.title' },
    { path: '/feedback', form: 'feedback', titleKey: 'forms:feedback.title' },
    {
      path: '/applications',
      page: 'applications-list',
      titleKey: 'applications:list.title',
      children: [
        { path: 'emergency', form: 'emergency-contact', titleKey: 'forms:emergencyContact.title' },
        { path: 'survey', form: 'survey', titleKey: 'forms:survey.title' },
      ],
    },
    { path: '/faq', page: 'faq', titleKey: 'common:faq.title' },
  ],
  steps: [{ step: 'EMERGENCY_CONTACT', form: 'emergency-contact', path: '/applications/emergency', labelKey: 'x' }],
};

describe('what serves a manifest route', () => {
  it('is the route’s own page when it names one, form or not', () => {
    expect(pageOfRoute(manifest.routes[0], manifest.steps)).toBe('login');
    expect(pageOfRoute(manifest.routes[3], manifest.steps)).toBe('faq');
  });

  it('is the step-form page for a form a step names, the public-form page for any other form', () => {
    expect(pageOfRoute(manifest.routes[2].children![0], manifest.steps)).toBe(STEP_FORM_PAGE);
    expect(pageOfRoute(manifest.routes[1], manifest.steps)).toBe(PUBLIC_FORM_PAGE);
  });

  it('is nothing for a route with neither', () => {
    expect(pageOfRoute({ path: '/x' }, [])).toBeUndefined();
  });
});

describe('public forms of a manifest', () => {
  it('are the routes with a form, no page and no step, with absolute paths and title keys, in manifest order', () => {
    expect(publicFormsOf(manifest)).toEqual([
      { formId: 'feedback', path: '/feedback', titleKey: 'forms:feedback.title' },
      { formId: 'survey', path: '/applications/survey', titleKey: 'forms:survey.title' },
    ]);
  });

  it('are none in a manifest without routes', () => {
    expect(publicFormsOf({})).toEqual([]);
    expect(publicFormsOf(null)).toEqual([]);
  });
});
