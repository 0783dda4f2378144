import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en/common.json';
import NotAvailablePage from './not-available-page';

const i18n = createInstance();

describe('NotAvailablePage', () => {
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({ lng: 'en', defaultNS: 'common', resources: { en: { common: en } } });
  });

  it('says honestly that the screen is not there yet and goes home', async () => {
    const router = createMemoryRouter([{ path: '*', element: <NotAvailablePage /> }], {
      initialEntries: ['/applications/payment-overview'],
    });
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'This part of the service is not available yet' }),
    ).toBeTruthy();
    // A link, so that it goes home without the page's scripts too.
    const home = screen.getByRole('link', { name: 'Go to Home Page' });
    expect(home.getAttribute('href')).toBe('/');
    await userEvent.click(home);
    expect(router.state.location.pathname).toBe('/');
  });
});
