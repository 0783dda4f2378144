import type { WidgetProps } from '@rjsf/utils';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerRender } from '@/ui/server-render';
import { countryOptions } from '../countries';
import { fieldAria } from '../templates/field-aria';
import { SearchCombobox } from './search-combobox';

/** A country (ISO 3166-1 alpha-2 code) from a searchable list with names in the user's language. */
export function CountryWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema, options } = props;
  const { i18n } = useTranslation();
  const server = useServerRender();
  // Made once the list is needed (see SearchCombobox): naming and sorting every country is slow on a phone.
  const choices = useCallback(
    () =>
      countryOptions(i18n.language, server?.countriesShown).map((c) => ({
        value: c.code,
        label: c.name,
        code: c.code,
      })),
    [i18n.language, server],
  );
  return (
    <SearchCombobox
      id={id}
      name={htmlName}
      options={choices}
      value={typeof value === 'string' ? value : undefined}
      onChange={(v) => onChange(v)}
      onBlur={() => onBlur(id, value)}
      disabled={disabled || readonly}
      autoComplete={(options.autocomplete as string | undefined) ?? 'country'}
      ariaProps={fieldAria(id, uiSchema, rawErrors)}
    />
  );
}
