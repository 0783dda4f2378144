import { Button, makeStyles, type ButtonProps } from '@fluentui/react-components';

const useStyles = makeStyles({
  // The form only carries the button: the button lays out as though the form were not there.
  form: { display: 'contents' },
});

export interface AskFirstButtonProps extends Pick<ButtonProps, 'appearance' | 'size' | 'className' | 'children'> {
  /** The page that asks, as a page of its own, when the page's scripts are not running. */
  action: string;
  /** The query parameter naming what is asked about, and its value. */
  name: string;
  value: string;
  /** Asks in place (a dialog), once the page's scripts run. */
  onAsk(): void;
}

/**
 * A button whose action is asked about first. Once the page's scripts run, it asks in place; before or without them
 * it is a form that opens the confirmation as a page of its own (`action?name=value`), so the press is never lost.
 */
export function AskFirstButton({ action, name, value, onAsk, ...button }: AskFirstButtonProps) {
  const styles = useStyles();
  return (
    <form method="get" action={action} className={styles.form}>
      <input type="hidden" name={name} value={value} />
      <Button
        type="submit"
        {...button}
        onClick={(event) => {
          event.preventDefault();
          onAsk();
        }}
      />
    </form>
  );
}
