import { Radio, RadioGroup } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldAria } from '../templates/field-aria';

/** A yes/no question: a boolean answered by a pair of radios. */
export function YesNoWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema } = props;
  const { t } = useTranslation('forms');
  // The values a form posted without scripts carries for the answer (see posted-answers.ts).
  const current = value === true ? 'true' : value === false ? 'false' : '';
  return (
    <RadioGroup
      name={htmlName ?? id}
      value={current}
      layout="horizontal"
      disabled={disabled || readonly}
      onChange={(_e, data) => onChange(data.value === 'true')}
      onBlur={() => onBlur(id, value)}
      {...fieldAria(id, uiSchema, rawErrors)}
    >
      <Radio id={id} value="true" label={t('engine.yes')} />
      <Radio id={`${id}__no`} value="false" label={t('engine.no')} />
    </RadioGroup>
  );
}
