import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@locales/en/common.json';
import HomePage from './home-page';

const auth = vi.hoisted(() => ({ loggedIn: false }));
vi.mock('@/api/auth/use-auth', () => ({
  useAuth: () => ({ loggedIn: auth.loggedIn, signIn: () => {}, signOut: async () => {} }),
}));

const i18n = createInstance();

function renderHome() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('HomePage', () => {
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      defaultNS: 'common',
      resources: { en: { common: en } },
      interpolation: { escapeValue: false },
    });
  });
  beforeEach(() => {
    auth.loggedIn = false;
  });

  it('explains the service under one h1 with its sections', () => {
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Apply for an electronic travel authorisation (ETA)',
    ]);
    for (const name of ['What an ETA is', 'Who needs an ETA', 'What you need to apply', 'How long it takes']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      en.home.need.passport,
      en.home.need.camera,
      en.home.need.card,
      en.home.need.email,
    ]);
  });

  it('offers Register and Log in when logged out', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/registration-warning');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Apply now' })).toBeNull();
  });

  it('offers Apply when logged in', () => {
    auth.loggedIn = true;
    renderHome();
    expect(screen.getByRole('link', { name: 'Apply now' }).getAttribute('href')).toBe(
      '/applications/create-application',
    );
    expect(screen.getByRole('link', { name: 'View my applications' }).getAttribute('href')).toBe('/my-applications');
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
