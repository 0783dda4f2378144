import type { WidgetProps } from '@rjsf/utils';
import { fieldAria } from '../templates/field-aria';
import { SearchCombobox } from './search-combobox';

/** One of the schema's enum values, chosen from a searchable list (labels from `x-enumLabels`). */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema, options } = props;
  const choices = (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <SearchCombobox
      id={id}
      name={htmlName}
      options={choices}
      value={value === undefined || value === null ? undefined : String(value)}
      onChange={(v) => onChange(v)}
      onBlur={() => onBlur(id, value)}
      disabled={disabled || readonly}
      autoComplete={(options.autocomplete as string | undefined) ?? 'off'}
      ariaProps={fieldAria(id, uiSchema, rawErrors)}
    />
  );
}
