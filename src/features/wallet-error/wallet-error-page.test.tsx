import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en/common.json';
import WalletErrorPage from './wallet-error-page';

const i18n = createInstance();

describe('WalletErrorPage', () => {
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({ lng: 'en', defaultNS: 'common', resources: { en: { common: en } } });
  });

  it('says the ETA could not be added and links to My applications and Home', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <WalletErrorPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your ETA could not be added to your digital wallet' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My applications' }).getAttribute('href')).toBe('/my-applications');
    expect(screen.getByRole('link', { name: 'Go to Home Page' }).getAttribute('href')).toBe('/');
  });
});
