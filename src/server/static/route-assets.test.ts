import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  closure,
  flattenManifest,
  formComponentModules,
  lazyComponentModules,
  pageModules,
  routeAssets,
  type ViteManifest,
} from './route-assets';

const registry = readFileSync(new URL('../../routing/page-registry.ts', import.meta.url), 'utf8');
const engineRegistry = readFileSync(new URL('../../engine/registry.ts', import.meta.url), 'utf8');

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

describe('the chunks a chunk imports', () => {
  const chunk = (file: string, imports: string[] = []) => ({ file: `assets/${file}.js`, imports });
  it('come before it, each once, so that evaluating them in this order evaluates one chunk at a time', () => {
    const vite: ViteManifest = {
      app: chunk('app', ['router', 'react']),
      router: chunk('router', ['react', 'shared']),
      react: chunk('react'),
      shared: chunk('shared', ['react']),
    };
    expect([...closure(vite, 'app')]).toEqual(['react', 'shared', 'router', 'app']);
  });

  it('end at a cycle, and leave out what is not in the manifest and what the caller has already', () => {
    const vite: ViteManifest = {
      a: chunk('a', ['b', 'gone']),
      b: chunk('b', ['a', 'c']),
      c: chunk('c'),
    };
    expect([...closure(vite, 'a')]).toEqual(['c', 'b', 'a']);
    expect([...closure(vite, 'a', new Set(['c']))]).toEqual(['c', 'b', 'a']);
    expect([...closure(vite, 'b', new Set(['a']))]).toEqual(['a', 'c', 'b']);
  });
});

describe('the heavy widgets a form route preloads', () => {
  const lazy = lazyComponentModules(engineRegistry);

  it('are read from the engine registry: its lazy widgets and fields under every name the schemas use', () => {
    expect(lazy.widgets.get('select')).toBe('src/engine/widgets/select-widget');
    expect(lazy.widgets.get('combobox')).toBe('src/engine/widgets/select-widget');
    expect(lazy.widgets.get('country')).toBe('src/engine/widgets/country-widget');
    expect(lazy.fields.get('phone')).toBe('src/engine/fields/phone-field');
    expect(lazy.choice).toBe('src/engine/widgets/select-widget');
    // Widgets that come with the engine itself are not lazy.
    expect(lazy.widgets.has('text')).toBe(false);
  });

  it('are those the form names, and the select list for a choice', () => {
    const schema = { properties: { title: { enum: ['MR', 'MS'] }, name: { type: 'string' } } };
    const ui = { nationality: { 'ui:widget': 'country' }, mobile: { 'ui:field': 'phone' }, name: {} };
    expect(formComponentModules(lazy, schema, ui).sort()).toEqual([
      'src/engine/fields/phone-field',
      'src/engine/widgets/country-widget',
      'src/engine/widgets/select-widget',
    ]);
    expect(formComponentModules(lazy, { properties: { name: { type: 'string' } } }, {})).toEqual([]);
  });

  it('come with the form route, so the form draws without waiting for them', () => {
    const vite: ViteManifest = {
      'virtual:eta-forms/registration': { file: 'assets/registration-form.js' },
      'src/engine/fields/phone-field.tsx': { file: 'assets/phone-field.js', imports: ['_libphonenumber.js'] },
      '_libphonenumber.js': { file: 'assets/libphonenumber.js' },
    };
    const routes = flattenManifest([{ path: '/registration', page: 'registration', form: 'registration' }]);
    const assets = routeAssets(vite, new Map(), routes, [], () =>
      formComponentModules(lazy, {}, { mobile: { 'ui:field': 'phone' } }),
    );
    expect([...(assets.get('/registration')?.keys ?? [])].map((k) => vite[k].file)).toEqual([
      'assets/registration-form.js',
      'assets/libphonenumber.js',
      'assets/phone-field.js',
    ]);
  });
});
