import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { fieldAria } from '../templates/field-aria';
import { useEngineStyles } from '../styles';
import { useTypedAnswer } from './typed-answer';

/** An e-mail address: never auto-capitalised or spell-checked, autocomplete "email", trimmed as typed. */
export function EmailWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, uiSchema, options } = props;
  const styles = useEngineStyles();
  const answer = useTypedAnswer(typeof value === 'string' ? value : undefined, onChange, {
    toAnswer: (text) => text.trim() || undefined,
    onLeave: (text) => onBlur(id, text),
  });
  return (
    <Input
      id={id}
      name={htmlName ?? id}
      type="email"
      className={styles.input}
      {...answer.inputProps}
      onFocus={(e) => onFocus(id, e.target.value)}
      disabled={disabled}
      readOnly={readonly}
      autoComplete={(options.autocomplete as string | undefined) ?? 'email'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      {...fieldAria(id, uiSchema, rawErrors)}
    />
  );
}
