import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-redirect';

describe('safeReturnPath', () => {
  it('returns same-site paths with their query and hash', () => {
    expect(safeReturnPath({ from: '/profile' })).toBe('/profile');
    expect(safeReturnPath({ from: '/my-applications?page=2#top' })).toBe('/my-applications?page=2#top');
  });

  it('never returns to another site, nor anything that is not a path', () => {
    expect(safeReturnPath({ from: '//evil.example/x' })).toBeUndefined();
    expect(safeReturnPath({ from: '/\\evil.example' })).toBeUndefined();
    expect(safeReturnPath({ from: 'https://evil.example' })).toBeUndefined();
    expect(safeReturnPath({ from: 'profile' })).toBeUndefined();
    expect(safeReturnPath({ from: 42 })).toBeUndefined();
    expect(safeReturnPath({})).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
    expect(safeReturnPath(undefined)).toBeUndefined();
  });
});
