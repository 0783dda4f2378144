import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldAria } from '../templates/field-aria';
import { useEngineStyles } from '../styles';
import { datePartName, joinDate, splitDate, type DateParts } from '@/shared/forms/date-parts';

type Parts = DateParts;

/** A date as three inputs (day, month, year), GOV.UK style; the answer is an ISO date string. */
export function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema, options } = props;
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  const [parts, setParts] = useState<Parts>(() => splitDate(value));
  // Follow answers set from outside (loaded data), but keep what is being typed.
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    if (joinDate(parts) !== value) setParts(splitDate(value));
  }
  const aria = fieldAria(id, uiSchema, rawErrors);
  const prefix =
    (options.autocompletePrefix as string | undefined) ?? (uiSchema?.['ui:autocomplete'] as string | undefined);
  const part = (name: keyof Parts, labelKey: string, autoSuffix: string, long = false) => {
    const partId = name === 'day' ? id : `${id}__${name}`;
    const partName = datePartName(htmlName ?? id, name);
    return (
      <div className={styles.column}>
        <label htmlFor={partId} className={styles.hint}>
          {t(labelKey)}
        </label>
        <Input
          id={partId}
          name={partName}
          className={styles.inputShort}
          style={long ? { width: '7.5em' } : undefined}
          inputMode="numeric"
          value={parts[name]}
          autoComplete={prefix ? `${prefix}-${autoSuffix}` : 'off'}
          onChange={(_e, data) => {
            const next = { ...parts, [name]: data.value.replace(/[^\d]/g, '') };
            setParts(next);
            onChange(joinDate(next));
          }}
          onBlur={() => onBlur(id, value)}
          disabled={disabled}
          readOnly={readonly}
          {...aria}
        />
      </div>
    );
  };
  return (
    <div className={styles.row}>
      {part('day', 'engine.day', 'day')}
      {part('month', 'engine.month', 'month')}
      {part('year', 'engine.year', 'year', true)}
    </div>
  );
}
