import { Button, type ButtonProps } from '@fluentui/react-components';
import { FORM_FIELDS } from './form-address';

export interface ActionButtonProps extends Pick<
  ButtonProps,
  | 'appearance'
  | 'size'
  | 'className'
  | 'children'
  | 'disabled'
  | 'disabledFocusable'
  | 'aria-label'
  | 'aria-describedby'
> {
  /** The id of the form the button sends, when it stands outside it. */
  form?: string;
  /** Sends the form without the browser's own checks (Back, a list's Add another and Remove). */
  formNoValidate?: boolean;
  /** The value of `_action` the button posts with its form when the page's scripts have not run. */
  action: string;
  /**
   * What a press does once the page's scripts run, in place of the post. Without it, the press always posts the form
   * (the form's own `onSubmit` may then take it over).
   */
  onPress?: () => void;
}

/**
 * A button that sends its form with the action it names (`_action`), so that a press made before or without the
 * page's scripts reaches the page's server action and is never lost; once the scripts run, `onPress` does it in place.
 * Large unless told otherwise, as the portal's page buttons are.
 */
export function ActionButton({ action, onPress, size = 'large', ...button }: ActionButtonProps) {
  return (
    <Button
      type="submit"
      name={FORM_FIELDS.action}
      value={action}
      size={size}
      {...button}
      onClick={
        onPress &&
        ((event) => {
          event.preventDefault();
          onPress();
        })
      }
    />
  );
}
