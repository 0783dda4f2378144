import { Button, Input } from '@fluentui/react-components';
import { CheckmarkCircle16Filled, Circle16Regular } from '@fluentui/react-icons';
import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldAria } from '../templates/field-aria';
import { useHydrated } from '@/ui/use-hydrated';
import { useEngineStyles } from '../styles';
import { passwordRules } from './password-rules';
import { useTypedAnswer } from './typed-answer';

/**
 * A password with a Show/Hide button and, with `ui:options.checklist`, a live list of the password rules
 * (read from the schema) showing which are met. Both need the page's scripts: before (or without) them the field is
 * a plain password field and the list names the rules without saying which are met.
 */
export function PasswordWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, uiSchema, options, schema } =
    props;
  const styles = useEngineStyles();
  const { t } = useTranslation(['forms', 'validation']);
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const rules = useMemo(() => (options.checklist ? passwordRules(schema) : []), [options.checklist, schema]);
  const answer = useTypedAnswer(typeof value === 'string' ? value : undefined, onChange, {
    onLeave: (typed) => onBlur(id, typed),
  });
  const text = answer.text;
  const checklistId = `${id}__checklist`;
  return (
    <div className={styles.column}>
      <Input
        id={id}
        name={htmlName ?? id}
        type={visible ? 'text' : 'password'}
        className={styles.input}
        {...answer.inputProps}
        onFocus={(e) => onFocus(id, e.target.value)}
        disabled={disabled}
        readOnly={readonly}
        autoComplete={(options.autocomplete as string | undefined) ?? 'current-password'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        contentAfter={
          hydrated ? (
            <Button
              appearance="transparent"
              size="small"
              aria-controls={id}
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? t('forms:engine.hidePassword') : t('forms:engine.showPassword')}
            </Button>
          ) : undefined
        }
        {...fieldAria(id, uiSchema, rawErrors, rules.length ? [checklistId] : [])}
      />
      {rules.length > 0 && (
        <ul id={checklistId} className={styles.checklist} aria-label={t('forms:engine.passwordRules')}>
          {rules.map((rule) => {
            if (!hydrated) {
              return (
                <li key={rule.key} className={styles.ruleUnmet}>
                  <Circle16Regular aria-hidden />
                  <span>{t(rule.key)}</span>
                </li>
              );
            }
            const met = rule.test(text);
            return (
              <li key={rule.key} className={met ? styles.ruleMet : styles.ruleUnmet} data-met={met}>
                {met ? <CheckmarkCircle16Filled aria-hidden /> : <Circle16Regular aria-hidden />}
                <span>
                  {t(rule.key)}
                  <span className={styles.visuallyHidden}>
                    {' '}
                    {met ? t('forms:engine.ruleMet') : t('forms:engine.ruleNotMet')}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
