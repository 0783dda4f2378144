// @vitest-environment node
import '@/engine/testing/forms-loaded';
import { describe, expect, it } from 'vitest';
import { percentile } from './api';
import { beforeFirstPaint, paintedWithoutScripts, type FirstPaintCheck } from './first-paint';

const all = { gzip: 2000, brotli: 1500 };

describe('JavaScript before first paint', () => {
  it('is none for a route seen painted without scripts, and everything the route loads otherwise', () => {
    const painted = new Set(['/']);
    expect(beforeFirstPaint('/', all, painted)).toEqual({ gzip: 0, brotli: 0 });
    expect(beforeFirstPaint('/login', all, painted)).toEqual(all);
  });

  it('takes a route for painted without scripts only when every language and every way it is opened showed it', () => {
    const checks: FirstPaintCheck[] = [
      { route: '/', view: '/', shown: ['ar', 'en'], missing: [] },
      { route: '/faq', view: '/faq', shown: ['en'], missing: [{ language: 'ar', found: '(no <main>)' }] },
      { route: '/about', view: '/about', shown: [], missing: [] },
      { route: '/form', view: '/form (1)', shown: ['ar', 'en'], missing: [] },
      { route: '/form', view: '/form (2)', shown: ['ar'], missing: [{ language: 'en', found: 'Loading' }] },
    ];
    expect([...paintedWithoutScripts(checks)]).toEqual(['/']);
  });
});

describe('percentile (nearest rank)', () => {
  const values = Array.from({ length: 200 }, (_, i) => i + 1);
  it('answers the value at or above the share asked for', () => {
    expect(percentile(values, 50)).toBe(100);
    expect(percentile(values, 99)).toBe(198);
    expect(percentile(values, 100)).toBe(200);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });
});
