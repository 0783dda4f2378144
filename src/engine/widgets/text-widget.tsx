import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { fieldAria } from '../templates/field-aria';
import { useEngineStyles } from '../styles';
import { useTypedAnswer } from './typed-answer';

/** Options a text-like widget reads from `ui:options` / `ui:autocomplete`. */
export function inputOptions(props: WidgetProps) {
  const { options, uiSchema } = props;
  return {
    autoComplete: (options.autocomplete as string | undefined) ?? (uiSchema?.['ui:autocomplete'] as string | undefined),
    inputMode: options.inputMode as React.HTMLAttributes<HTMLInputElement>['inputMode'],
    spellCheck: options.spellcheck === undefined ? undefined : Boolean(options.spellcheck),
    width: options.width as string | undefined,
  };
}

/** A single-line text answer (56 px high). Empty text is "no answer" so that "required" messages apply. */
export function TextWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    rawErrors,
    uiSchema,
    placeholder,
    schema,
  } = props;
  const styles = useEngineStyles();
  const o = inputOptions(props);
  const numeric = schema.type === 'number' || schema.type === 'integer';
  const answer = useTypedAnswer(value, onChange, { onLeave: (text) => onBlur(id, text) });
  return (
    <Input
      id={id}
      name={htmlName ?? id}
      className={o.width === 'short' ? styles.inputShort : styles.input}
      {...answer.inputProps}
      onFocus={(e) => onFocus(id, e.target.value)}
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder || undefined}
      autoComplete={o.autoComplete}
      inputMode={o.inputMode ?? (numeric ? 'decimal' : undefined)}
      spellCheck={o.spellCheck}
      {...fieldAria(id, uiSchema, rawErrors)}
    />
  );
}
