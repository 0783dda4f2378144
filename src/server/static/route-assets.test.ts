import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flattenManifest, pageModules, routeAssets, type ViteManifest } from './route-assets';

const registry = readFileSync(new URL('../../routing/page-registry.ts', import.meta.url), 'utf8');

describe('what a route preloads', () => {
  const pages = pageModules(registry);
  const chunk = (name: string) => ({ file: `assets/${name}.js` });
  const vite: ViteManifest = {
    [`${pages.get('faq')}.tsx`]: chunk('faq'),
    [`${pages.get('step-form')}.tsx`]: chunk('step-form'),
    [`${pages.get('public-form')}.tsx`]: chunk('public-form'),
    [`${pages.get('not-available')}.tsx`]: chunk('not-available'),
    'virtual:eta-forms/feedback': chunk('feedback-form'),
    'virtual:eta-forms/emergency-contact': chunk('emergency-form'),
  };
  const routes = flattenManifest([
    { path: '/faq', page: 'faq', titleKey: 'common:faq.title' },
    { path: '/feedback', form: 'feedback', titleKey: 'forms:feedback.title' },
    { path: '/emergency', form: 'emergency-contact', titleKey: 'forms:emergencyContact.title' },
    { path: '/soon', titleKey: 'common:soon.title' },
  ]);
  const assets = routeAssets(vite, pages, routes, [{ form: 'emergency-contact' }]);
  const keys = (path: string) => [...(assets.get(path)?.keys ?? [])].map((k) => vite[k].file);

  it('is the page chunk of the page the router picks, and the form chunk of a form route', () => {
    expect(keys('/faq')).toEqual(['assets/faq.js']);
    expect(keys('/feedback')).toEqual(['assets/public-form.js', 'assets/feedback-form.js']);
    expect(keys('/emergency')).toEqual(['assets/step-form.js', 'assets/emergency-form.js']);
    expect(keys('/soon')).toEqual(['assets/not-available.js']);
  });

  it('includes the form texts and messages for a form route', () => {
    expect(assets.get('/feedback')?.namespaces).toEqual(['common', 'forms', 'validation']);
  });
});
