import { Checkbox } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldAria } from '../templates/field-aria';

/** A single tick box labelled by the field's title ("I accept the terms of use"). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema, label, required } = props;
  const { t } = useTranslation('forms');
  return (
    <Checkbox
      id={id}
      name={htmlName ?? id}
      value="true"
      checked={value === true}
      disabled={disabled || readonly}
      label={`${label}${required ? '' : ` ${t('engine.optional')}`}`}
      onChange={(_e, data) => onChange(data.checked === true ? true : undefined)}
      onBlur={() => onBlur(id, value)}
      {...fieldAria(id, uiSchema, rawErrors)}
    />
  );
}
