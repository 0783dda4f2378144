// @vitest-environment node
import '@/engine/testing/forms-loaded';
import { describe, expect, it } from 'vitest';
import { percentile } from './api';
import { beforeFirstPaint, renderedAheadRoutes, type RenderedAheadCheck } from './first-paint';

const all = { gzip: 2000, brotli: 1500 };

describe('JavaScript before first paint', () => {
  it('is none for a route seen rendered ahead, and everything the route loads otherwise', () => {
    const ahead = new Set(['/']);
    expect(beforeFirstPaint('/', all, ahead)).toEqual({ gzip: 0, brotli: 0 });
    expect(beforeFirstPaint('/login', all, ahead)).toEqual(all);
  });

  it('takes a page for rendered ahead only when every language checked showed it', () => {
    const checks: RenderedAheadCheck[] = [
      { path: '/', shown: ['ar', 'en'], missing: [] },
      { path: '/faq', shown: ['en'], missing: [{ language: 'ar', found: '(no <main>)' }] },
      { path: '/about', shown: [], missing: [] },
    ];
    expect([...renderedAheadRoutes(checks)]).toEqual(['/']);
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
