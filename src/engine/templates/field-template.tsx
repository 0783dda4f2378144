import type { FieldTemplateProps } from '@rjsf/utils';
import { descriptionId, errorId, getUiOptions, helpId } from '@rjsf/utils';
import { mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { GROUP_FIELDS, GROUP_WIDGETS } from '../engine-context';
import { useEngineStyles } from '../styles';

/**
 * Every field: label (no asterisk; "(optional)" when not required), hint, error message (GOV.UK order) and the
 * control. Groups of controls (radios, date, phone) sit in a fieldset whose legend is the label.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, hidden, required, displayLabel, schema, uiSchema } = props;
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  if (hidden) return <div hidden>{children}</div>;
  const options = getUiOptions(uiSchema);
  const field = uiSchema?.['ui:field'];
  // Objects render their own fieldset (ObjectFieldTemplate), unless a custom field such as phone takes over.
  if (schema.type === 'object' && !field) return children;
  if (schema.type === 'array' && !options.widget) return children;
  const isGroup = GROUP_WIDGETS.has(String(options.widget)) || GROUP_FIELDS.has(String(field));
  const isCheckbox = options.widget === 'checkbox';
  const error = rawErrors?.[0];
  const labelText = `${label}${required ? '' : ` ${t('engine.optional')}`}`;
  const description = options.description ? (
    <p id={descriptionId(id)} className={styles.hint}>
      {String(options.description)}
    </p>
  ) : null;
  const hint = options.help ? (
    <p id={helpId(id)} className={styles.hint}>
      {String(options.help)}
    </p>
  ) : null;
  const message = error ? (
    <p id={errorId(id)} className={styles.error}>
      <span className={styles.visuallyHidden}>{t('engine.errorPrefix')} </span>
      {error}
    </p>
  ) : null;
  const className = mergeClasses(
    styles.group,
    error ? styles.groupError : undefined,
    GROUP_FIELDS.has(String(field)) ? styles.groupWithInvalidPart : undefined,
  );
  if (isGroup) {
    return (
      <fieldset className={className} data-field={id}>
        {(displayLabel !== false || GROUP_FIELDS.has(String(field))) && (
          <legend className={styles.label}>{labelText}</legend>
        )}
        {description}
        {hint}
        {message}
        {children}
      </fieldset>
    );
  }
  return (
    <div className={className} data-field={id}>
      {displayLabel !== false && !isCheckbox && (
        <label htmlFor={id} className={styles.label}>
          {labelText}
        </label>
      )}
      {description}
      {hint}
      {message}
      {children}
    </div>
  );
}
