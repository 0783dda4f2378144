import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navItems } from './nav-items';
import { SiteNav } from './site-nav';
import { renderRoutes, startEnglish } from './testing';

const auth = vi.hoisted(() => ({ loggedIn: false, signOut: vi.fn(async () => {}) }));
vi.mock('@/api/auth/use-auth', () => ({
  useAuth: () => ({ loggedIn: auth.loggedIn, signIn: () => {}, signOut: auth.signOut }),
}));

function renderNav(path = '/faq') {
  return renderRoutes([{ path: '*', element: <SiteNav orientation="horizontal" /> }], path);
}

function menuEntries(): Array<[string, string | null]> {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('listitem')
    .map((li) => {
      const control = li.firstElementChild as HTMLElement;
      return [control.textContent ?? '', control.getAttribute('href')];
    });
}

describe('main menu', () => {
  beforeAll(startEnglish);
  beforeEach(() => {
    auth.loggedIn = false;
    auth.signOut.mockClear();
  });

  it('lists Home, FAQs, Register and Login when logged out', () => {
    renderNav();
    expect(menuEntries()).toEqual([
      ['Home', '/'],
      ['FAQs', '/faq'],
      ['Register', '/registration-warning'],
      ['Login', '/login'],
    ]);
  });

  it('lists Home, FAQs, Profile, Apply and Logout when logged in', () => {
    auth.loggedIn = true;
    renderNav();
    expect(menuEntries()).toEqual([
      ['Home', '/'],
      ['FAQs', '/faq'],
      ['Profile', '/profile'],
      ['Apply', '/applications/create-application'],
      ['Logout', null],
    ]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('marks the current page', () => {
    renderNav('/faq');
    expect(screen.getByRole('link', { name: 'FAQs' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('signs out and goes home on Logout', async () => {
    auth.loggedIn = true;
    const { router } = renderNav('/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('navItems keeps the spec order', () => {
    expect(navItems(false).map((i) => i.id)).toEqual(['home', 'faq', 'register', 'login']);
    expect(navItems(true).map((i) => i.id)).toEqual(['home', 'faq', 'profile', 'apply', 'logout']);
  });
});
