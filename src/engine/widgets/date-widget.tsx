import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldAria } from '../templates/field-aria';
import { useEngineStyles } from '../styles';

type Parts = { day: string; month: string; year: string };

/** Splits "YYYY-MM-DD" into its parts (empty parts for anything else). */
export function splitDate(value: unknown): Parts {
  const m = typeof value === 'string' ? /^(\d*)-(\d*)-(\d*)$/.exec(value) : null;
  if (!m) return { day: '', month: '', year: '' };
  return { year: m[1], month: m[2].replace(/^0(?=\d)/, ''), day: m[3].replace(/^0(?=\d)/, '') };
}

/** Joins parts into "YYYY-MM-DD"; undefined when all are empty, a partial value (invalid) otherwise. */
export function joinDate(parts: Parts): string | undefined {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return undefined;
  const pad = (s: string) => (/^\d$/.test(s) ? `0${s}` : s);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A date as three inputs (day, month, year), GOV.UK style; the answer is an ISO date string. */
export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, rawErrors, uiSchema, options } = props;
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  const [parts, setParts] = useState<Parts>(() => splitDate(value));
  useEffect(() => {
    // Follow answers set from outside (loaded data), but keep what is being typed.
    if (joinDate(parts) !== value) setParts(splitDate(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const aria = fieldAria(id, uiSchema, rawErrors);
  const prefix =
    (options.autocompletePrefix as string | undefined) ?? (uiSchema?.['ui:autocomplete'] as string | undefined);
  const part = (name: keyof Parts, labelKey: string, autoSuffix: string, long = false) => {
    const partId = name === 'day' ? id : `${id}__${name}`;
    return (
      <div className={styles.column}>
        <label htmlFor={partId} className={styles.hint}>
          {t(labelKey)}
        </label>
        <Input
          id={partId}
          name={partId}
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
