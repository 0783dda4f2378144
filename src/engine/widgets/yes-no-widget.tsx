import { Radio, RadioGroup } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldAria } from '../templates/field-aria';

/** A yes/no question: a boolean answered by a pair of radios. */
export function YesNoWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema } = props;
  const { t } = useTranslation('forms');
  const current = value === true ? 'yes' : value === false ? 'no' : '';
  return (
    <RadioGroup
      name={id}
      value={current}
      layout="horizontal"
      disabled={disabled || readonly}
      onChange={(_e, data) => onChange(data.value === 'yes')}
      onBlur={() => onBlur(id, value)}
      {...fieldAria(id, uiSchema, rawErrors)}
    >
      <Radio id={id} value="yes" label={t('engine.yes')} />
      <Radio id={`${id}__no`} value="no" label={t('engine.no')} />
    </RadioGroup>
  );
}
