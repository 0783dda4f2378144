import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { EngineFormContext } from '../engine-context';
import { FORM_ACTIONS, FORM_FIELDS } from '../form-address';
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
      <div id={fieldPathId.$id}>
        {/* Enter in a field sends the form with its first submit button: Continue, never a list's "Add another" or
            "Remove" placed before the page's own buttons. Hidden from view and from assistive technology; disabled
            while the form is sent, so that a second Enter sends nothing (as the disabled Continue does). */}
        <button
          type="submit"
          name={FORM_FIELDS.action}
          value={FORM_ACTIONS.continue}
          hidden
          tabIndex={-1}
          disabled={context?.busy}
        />
        {properties.filter((p) => !shown || shown.includes(p.name)).map((p) => p.content)}
      </div>
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
