import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-form';
import { createTestI18n } from '../testing/test-i18n';
import { SearchCombobox, type SearchOption } from './search-combobox';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const OPTIONS: SearchOption[] = [
  { value: 'NA', label: 'Namibia', code: 'NA' },
  { value: 'NP', label: 'Nepal', code: 'NP' },
];

function renderList(value: string | undefined) {
  const makeOptions = vi.fn(() => OPTIONS);
  const onChange = vi.fn();
  renderWithProviders(
    <>
      <label htmlFor="country">Country</label>
      <SearchCombobox id="country" options={makeOptions} value={value} onChange={onChange} />
    </>,
    en,
  );
  return { makeOptions, onChange, input: screen.getByLabelText<HTMLInputElement>('Country') };
}

describe('SearchCombobox with options made when needed', () => {
  it('does not make its options before the field has focus, then offers them', async () => {
    const { makeOptions, onChange, input } = renderList(undefined);
    expect(makeOptions).not.toHaveBeenCalled();
    await userEvent.type(input, 'Nep');
    expect(makeOptions).toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('option', { name: 'Nepal' }));
    expect(onChange).toHaveBeenLastCalledWith('NP');
  });

  it('makes them at once to show a value it already has', () => {
    const { makeOptions, input } = renderList('NA');
    expect(makeOptions).toHaveBeenCalled();
    expect(input.value).toBe('Namibia');
  });
});
