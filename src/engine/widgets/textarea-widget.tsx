import { Textarea } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { fieldAria } from '../templates/field-aria';
import { useEngineStyles } from '../styles';
import { useTypedAnswer } from './typed-answer';

/** A longer free-text answer. */
export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, uiSchema, options } = props;
  const styles = useEngineStyles();
  const answer = useTypedAnswer(typeof value === 'string' ? value : undefined, onChange, {
    onLeave: (text) => onBlur(id, text),
  });
  return (
    <Textarea
      id={id}
      name={htmlName ?? id}
      className={styles.input}
      rows={typeof options.rows === 'number' ? options.rows : 5}
      resize="vertical"
      {...answer.inputProps}
      onFocus={(e) => onFocus(id, e.target.value)}
      disabled={disabled}
      readOnly={readonly}
      {...fieldAria(id, uiSchema, rawErrors)}
    />
  );
}
