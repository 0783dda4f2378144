import { Button } from '@fluentui/react-components';
import type { DescriptionFieldProps, IconButtonProps, TitleFieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useEngineStyles } from '../styles';

/** A section title inside a form (the page heading belongs to the page). */
export function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  const styles = useEngineStyles();
  return (
    <h2 id={id} className={styles.label}>
      {title}
    </h2>
  );
}

/** A description under a section title. */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  const styles = useEngineStyles();
  if (!description) return null;
  return (
    <div id={id} className={styles.hint}>
      {description}
    </div>
  );
}

/** Field errors and help are rendered by FieldTemplate, in GOV.UK order; rjsf's own slots stay empty. */
export function EmptyTemplate() {
  return null;
}

function IconButton({ labelKey, ...props }: IconButtonProps & { labelKey: string }) {
  const { t } = useTranslation('forms');
  const { onClick, disabled, id } = props;
  return (
    <Button id={id} appearance="secondary" onClick={onClick} disabled={disabled}>
      {t(labelKey)}
    </Button>
  );
}

/** Buttons of repeatable lists, with translated labels. */
export const buttonTemplates = {
  AddButton: (p: IconButtonProps) => <IconButton {...p} labelKey="engine.addAnother" />,
  RemoveButton: (p: IconButtonProps) => <IconButton {...p} labelKey="engine.remove" />,
  MoveUpButton: (p: IconButtonProps) => <IconButton {...p} labelKey="engine.moveUp" />,
  MoveDownButton: (p: IconButtonProps) => <IconButton {...p} labelKey="engine.moveDown" />,
  CopyButton: (p: IconButtonProps) => <IconButton {...p} labelKey="engine.copy" />,
  ClearButton: (p: IconButtonProps) => <IconButton {...p} labelKey="engine.clear" />,
  SubmitButton: EmptyTemplate,
};
