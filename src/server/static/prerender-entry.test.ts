import { describe, expect, it } from 'vitest';
import { prerenderLanguages, prerenderPaths, renderPage } from '../../app/prerender-entry';
import manifestJson from '../../../schemas/routes.manifest.json';
import { translate } from '../i18n';

const settings = [{ key: 'FORM_PREVIEW', value: 'false' }];

describe('pages rendered ahead of time', () => {
  it('are the routes the manifest flags', () => {
    const flagged = manifestJson.routes.filter((r) => 'prerender' in r && r.prerender).map((r) => r.path);
    expect(prerenderPaths()).toEqual(flagged);
    expect(flagged.length).toBeGreaterThan(0);
  });

  it.each(prerenderPaths())('%s renders in every language with its heading in that language', async (path) => {
    const route = manifestJson.routes.find((r) => r.path === path)!;
    for (const language of prerenderLanguages) {
      const page = await renderPage(path, language, settings);
      expect(page.lang).toBe(language);
      expect(page.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(page.head).toContain('data-make-styles-bucket');
      expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page.body)?.[1]).toBe(translate(language, route.titleKey));
      expect(page.title).toContain(translate(language, route.titleKey));
      // Sent whole: nothing streamed in by an inline script, which the Content-Security-Policy forbids.
      expect(page.body).not.toMatch(/<script|<template/);
      // Footer included: the page is whole at once, so the footer never appears later (see root-layout.tsx).
      expect(page.body).toMatch(new RegExp(`<footer [^>]*aria-label="${translate(language, 'common:footer.label')}"`));
    }
  });
});
