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

  it('renders every item of the locale as a level-2 heading, each the summary of its answer', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(en.faq.items.map((item) => item.question));
    // A native disclosure: it opens without the page's scripts.
    for (const heading of headings) expect(heading.closest('summary')?.parentElement?.localName).toBe('details');
  });

  it('opens several answers at once and closes them again', async () => {
    renderPage();
    const [first, second] = en.faq.items;
    const disclosure = (question: string) =>
      screen.getByRole('heading', { name: question }).closest('details') as HTMLDetailsElement;
    const firstItem = disclosure(first.question);
    const secondItem = disclosure(second.question);
    expect(firstItem.open).toBe(false);
    await userEvent.click(within(firstItem).getByText(first.question));
    await userEvent.click(within(secondItem).getByText(second.question));
    expect(firstItem.open).toBe(true);
    expect(secondItem.open).toBe(true);
    expect(within(firstItem).getByText(first.answer)).toBeTruthy();
    expect(within(secondItem).getByText(second.answer)).toBeTruthy();
    await userEvent.click(within(firstItem).getByText(first.question));
    expect(firstItem.open).toBe(false);
    expect(secondItem.open).toBe(true);
  });

  it('keeps only well-formed items', () => {
    expect(toFaqItems('faq.items')).toEqual([]);
    expect(toFaqItems([{ question: 'Q', answer: 'A' }, { question: 'only' }])).toEqual([
      { question: 'Q', answer: 'A' },
    ]);
  });
});
