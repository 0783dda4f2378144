import { Button } from '@fluentui/react-components';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { getUiOptions, helpId } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useEngineStyles } from '../styles';

/**
 * A repeatable list: its label (the UI schema's `ui:title`, never the property name) and hint, each item in
 * order, then an "Add another" button.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, title, fieldPathId, disabled, readonly, required, uiSchema, registry } = props;
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  const label = typeof options.title === 'string' ? options.title : title;
  const help = typeof options.help === 'string' ? options.help : undefined;
  return (
    <fieldset className={styles.group} id={fieldPathId.$id} aria-describedby={help ? helpId(fieldPathId) : undefined}>
      {label && <legend className={styles.label}>{`${label}${required ? '' : ` ${t('engine.optional')}`}`}</legend>}
      {help && (
        <p id={helpId(fieldPathId)} className={styles.hint}>
          {help}
        </p>
      )}
      {items}
      {canAdd && !disabled && !readonly && (
        <div>
          <Button appearance="secondary" onClick={() => onAddClick()}>
            {t('engine.addAnother')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
