import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { languages } from '@/app/i18n';
import { languageName } from '@/ui/language-name';
import { Header } from './header';
import { renderRoutes, startEnglish } from './testing';

vi.mock('@/api/auth/use-auth', () => ({
  useAuth: () => ({ loggedIn: false, signIn: () => {}, signOut: async () => {} }),
}));

function stubNarrowScreen(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 599.98px') && width < 600,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function swipe(fromX: number, toX: number) {
  const at = (type: string, x: number) => {
    const point = { clientX: x, clientY: 300 };
    const event = new Event(type, { bubbles: true });
    Object.defineProperty(event, 'touches', { value: type === 'touchstart' ? [point] : [] });
    Object.defineProperty(event, 'changedTouches', { value: [point] });
    document.dispatchEvent(event);
  };
  act(() => {
    at('touchstart', fromX);
    at('touchend', toX);
  });
}

describe('Header', () => {
  beforeAll(startEnglish);
  afterEach(() => vi.unstubAllGlobals());

  it('links the service name home and offers every language by its own name', async () => {
    renderRoutes([{ path: '*', element: <Header /> }], '/faq');
    expect(screen.getByRole('link', { name: /Electronic Travel Authorisation/ }).getAttribute('href')).toBe('/');
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    // In development the pseudo-locale is offered after the real languages.
    expect(options.map((option) => option.textContent)).toEqual([
      ...languages.map((lng) => languageName(lng)),
      'English (Pseudo-Accents)',
    ]);
    expect(options.map((option) => option.lang)).toEqual([...languages, 'en-XA']);
    expect(select.value).toBe('en');
  });

  it('switches the language from the header and remembers it', async () => {
    renderRoutes([{ path: '*', element: <Header /> }], '/');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Langue' })).toBeTruthy());
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('eta.language')).toBe('fr');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'en');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it('opens the menu drawer from the menu button', async () => {
    stubNarrowScreen(375);
    renderRoutes([{ path: '*', element: <Header /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Register' })).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the drawer on a swipe from the right edge below 600 px only', async () => {
    stubNarrowScreen(375);
    const narrow = renderRoutes([{ path: '*', element: <Header /> }], '/');
    swipe(360, 250);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    narrow.unmount();

    stubNarrowScreen(1280);
    renderRoutes([{ path: '*', element: <Header /> }], '/');
    swipe(1270, 1100);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
