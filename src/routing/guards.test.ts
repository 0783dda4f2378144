import { describe, expect, it } from 'vitest';
import { decideContext, decideGuard, fromOf } from './guards';

const at = (pathname: string, search = '', hash = '', state?: unknown) => ({ pathname, search, hash, state });

describe('guards', () => {
  it('lets everyone through a public route', () => {
    expect(decideGuard('public', false, at('/faq'))).toBeNull();
    expect(decideGuard('public', true, at('/faq'))).toBeNull();
  });

  it('sends a logged-out user from an auth route to /login, remembering the whole location', () => {
    expect(decideGuard('auth', false, at('/applications/view-notice', '?applicantIdentifier=a1', '#top'))).toEqual({
      to: '/login',
      state: { from: '/applications/view-notice?applicantIdentifier=a1#top' },
    });
    expect(decideGuard('auth', true, at('/profile'))).toBeNull();
  });

  it('sends a logged-in user from a guest route to /profile, or back to where login was asked from', () => {
    expect(decideGuard('guest', true, at('/login'))).toEqual({ to: '/profile' });
    expect(decideGuard('guest', true, at('/login', '', '', { from: '/my-applications' }))).toEqual({
      to: '/my-applications',
    });
    expect(decideGuard('guest', false, at('/login'))).toBeNull();
  });

  it('never returns to another site', () => {
    expect(fromOf({ from: '//evil.example/x' })).toBeUndefined();
    expect(fromOf({ from: '/\\evil.example' })).toBeUndefined();
    expect(fromOf({ from: 'https://evil.example' })).toBeUndefined();
    expect(fromOf({ from: 42 })).toBeUndefined();
    expect(fromOf(null)).toBeUndefined();
    expect(fromOf({ from: '/profile' })).toBe('/profile');
  });

  it('sends a route needing the e-mail to /profile without one', () => {
    expect(decideContext('email', {})).toEqual({ to: '/profile' });
    expect(decideContext('email', { applicationIdentifier: 'a' })).toEqual({ to: '/profile' });
    expect(decideContext('email', { email: 'a@b.org' })).toBeNull();
    expect(decideContext(undefined, {})).toBeNull();
  });
});
