import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { EngineFormContext } from '../engine-context';
import { useEngineStyles } from '../styles';

/** An object: the root shows only the current page's fields; nested objects are a fieldset with a legend. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, title, description, fieldPathId, registry } = props;
  const styles = useEngineStyles();
  const isRoot = fieldPathId.path.length === 0;
  if (isRoot) {
    const context = registry.formContext as EngineFormContext | undefined;
    const shown = context?.pageFields;
    return (
      <div id={fieldPathId.$id}>{properties.filter((p) => !shown || shown.includes(p.name)).map((p) => p.content)}</div>
    );
  }
  return (
    <fieldset className={styles.group} id={fieldPathId.$id}>
      {title && <legend className={styles.label}>{title}</legend>}
      {description && <div className={styles.hint}>{description}</div>}
      {properties.map((p) => p.content)}
    </fieldset>
  );
}
