import { Radio, RadioGroup } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { fieldAria } from '../templates/field-aria';

/** One of a short list of enum values as radios (labels from `x-enumLabels`). */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema, options } = props;
  const choices = options.enumOptions ?? [];
  return (
    <RadioGroup
      name={htmlName ?? id}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled || readonly}
      onChange={(_e, data) => onChange(choices.find((c) => String(c.value) === data.value)?.value)}
      onBlur={() => onBlur(id, value)}
      {...fieldAria(id, uiSchema, rawErrors)}
    >
      {choices.map((c, i) => (
        <Radio key={String(c.value)} id={i === 0 ? id : `${id}__${i}`} value={String(c.value)} label={c.label} />
      ))}
    </RadioGroup>
  );
}
