import type { ArrayFieldItemButtonsTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { getUiOptions, helpId } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../action-button';
import { FORM_ACTIONS } from '../form-address';
import { useEngineStyles } from '../styles';

/**
 * A list's button: it sends the form (`_action` naming the list and what to do) when the page's scripts have not
 * run, so the server shows the form again with one item more or fewer; once they have, the engine does it at once.
 */
function ListButton({ action, label, onPress }: { action: string; label: string; onPress: () => void }) {
  return (
    <ActionButton action={action} onPress={onPress} appearance="secondary" size="medium" formNoValidate>
      {label}
    </ActionButton>
  );
}

/** An item's Remove button (the only one the portal's lists offer). */
export function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps) {
  const { t } = useTranslation('forms');
  const { hasRemove, disabled, readonly, fieldPathId, onRemoveItem } = props;
  if (!hasRemove || disabled || readonly) return null;
  return (
    <ListButton
      action={`${FORM_ACTIONS.remove}${fieldPathId.path.map(String).join('.')}`}
      label={t('engine.remove')}
      onPress={() => onRemoveItem()}
    />
  );
}

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
          <ListButton
            action={`${FORM_ACTIONS.add}${fieldPathId.path.map(String).join('.')}`}
            label={t('engine.addAnother')}
            onPress={() => onAddClick()}
          />
        </div>
      )}
    </fieldset>
  );
}
