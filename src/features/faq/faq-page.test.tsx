import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en/common.json';
import fr from '@locales/fr/common.json';
import FaqPage, { toFaqItems } from './faq-page';

const i18n = createInstance();

describe('FaqPage', () => {
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      defaultNS: 'common',
      resources: { en: { common: en }, fr: { common: fr } },
      interpolation: { escapeValue: false },
    });
  });

  function renderPage() {
    return render(
      <I18nextProvider i18n={i18n}>
        <FaqPage />
      </I18nextProvider>,
    );
  }

  it('has at least eight questions, in English and French alike', () => {
    expect(en.faq.items.length).toBeGreaterThanOrEqual(8);
    expect(fr.faq.items.length).toBe(en.faq.items.length);
  });

  it('renders every item of the locale as a level-2 accordion heading', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(en.faq.items.map((item) => item.question));
  });

  it('opens several answers at once and closes them again', async () => {
    renderPage();
    const [first, second] = en.faq.items;
    const firstButton = within(screen.getByRole('heading', { name: first.question })).getByRole('button');
    const secondButton = within(screen.getByRole('heading', { name: second.question })).getByRole('button');
    expect(firstButton.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(firstButton);
    await userEvent.click(secondButton);
    expect(screen.getByText(first.answer)).toBeTruthy();
    expect(screen.getByText(second.answer)).toBeTruthy();
    expect(firstButton.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(firstButton);
    expect(firstButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps only well-formed items', () => {
    expect(toFaqItems('faq.items')).toEqual([]);
    expect(toFaqItems([{ question: 'Q', answer: 'A' }, { question: 'only' }])).toEqual([
      { question: 'Q', answer: 'A' },
    ]);
  });
});
