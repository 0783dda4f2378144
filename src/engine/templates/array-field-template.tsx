import { Button } from '@fluentui/react-components';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useEngineStyles } from '../styles';

/** A repeatable list: each item in order, then an "Add another" button. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, title, fieldPathId, disabled, readonly } = props;
  const styles = useEngineStyles();
  const { t } = useTranslation('forms');
  return (
    <fieldset className={styles.group} id={fieldPathId.$id}>
      {title && <legend className={styles.label}>{title}</legend>}
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
