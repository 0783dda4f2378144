import { Button } from '@fluentui/react-components';
import { useRef } from 'react';
import { useHydrated } from '@/ui/use-hydrated';
import { useEngineStyles } from './styles';
import { useKeepTypedAhead } from './typed-ahead';

/**
 * A form page's buttons: the one that sends the page and, after the first page, Back. A form rendered ahead cannot
 * be sent until the page's scripts have taken it over (its only submit button until then is hidden and disabled, so
 * neither a click nor Enter sends it), nor lose what was typed meanwhile (see typed-ahead.ts). They are a component
 * of their own so that when the scripts take the page over only they render again, not the whole form.
 */
export function FormButtons({
  submitText,
  busy,
  backText,
  onBack,
}: {
  submitText: string;
  /** Sending, or the whole form disabled. */
  busy: boolean;
  backText: string;
  /** Goes back a page; no Back button without it. */
  onBack?: () => void;
}) {
  const styles = useEngineStyles();
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  useKeepTypedAhead(ref, hydrated);
  return (
    <>
      {!hydrated && <button type="submit" disabled hidden />}
      <div ref={ref} className={styles.buttons}>
        <Button
          type={hydrated ? 'submit' : 'button'}
          appearance="primary"
          size="large"
          disabled={busy}
          className={styles.fullWidthOnPhone}
        >
          {submitText}
        </Button>
        {onBack && (
          <Button type="button" appearance="secondary" size="large" onClick={onBack}>
            {backText}
          </Button>
        )}
      </div>
    </>
  );
}
