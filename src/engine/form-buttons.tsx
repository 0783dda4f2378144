import { Button } from '@fluentui/react-components';
import { useRef } from 'react';
import { FORM_TOKEN_FIELD, useFormToken } from '@/ui/form-token';
import { useHydrated } from '@/ui/use-hydrated';
import { ActionButton } from './action-button';
import { FORM_ACTIONS, FORM_FIELDS } from './form-address';
import { useEngineStyles } from './styles';
import { useKeepTypedAhead } from './typed-ahead';

/**
 * Where Back goes: a page's address (a link, which works without scripts), a button that posts the form to be shown
 * the page before (`posts`: a form whose pages carry each other's answers), or only a handler.
 */
export interface BackTarget {
  text: string;
  href?: string;
  posts?: boolean;
  onBack: () => void;
}

/**
 * A form page's buttons and the fields the server reads of a form posted without scripts: the token, the page shown
 * (`_page`) and the button pressed. The button sends the form in either case: the browser posts it to the page's
 * address until the page's scripts take it over (src/server/pages/, then the route's action), the engine handles it
 * from then on; what was typed meanwhile is handed to the form when they do (typed-ahead.ts).
 */
export function FormButtons({
  submitText,
  busy,
  pageId,
  fromReview,
  back,
}: {
  submitText: string;
  /** Sending, or the whole form disabled. */
  busy: boolean;
  /** The page shown, posted as `_page`. */
  pageId: string;
  /** The page was opened from check answers. */
  fromReview?: boolean;
  /** No Back without it. */
  back?: BackTarget;
}) {
  const styles = useEngineStyles();
  const hydrated = useHydrated();
  const token = useFormToken();
  const ref = useRef<HTMLDivElement>(null);
  useKeepTypedAhead(ref, hydrated);
  return (
    <div ref={ref} className={styles.buttons}>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      <input type="hidden" name={FORM_FIELDS.page} value={pageId} />
      {fromReview && <input type="hidden" name={FORM_FIELDS.fromReview} value="1" />}
      <ActionButton
        action={FORM_ACTIONS.continue}
        appearance="primary"
        disabled={busy}
        className={styles.fullWidthOnPhone}
      >
        {submitText}
      </ActionButton>
      {back &&
        (back.posts ? (
          <ActionButton
            action={FORM_ACTIONS.back}
            onPress={back.onBack}
            formNoValidate
            appearance="secondary"
            disabled={busy}
          >
            {back.text}
          </ActionButton>
        ) : back.href ? (
          <Button
            as="a"
            href={back.href}
            appearance="secondary"
            size="large"
            onClick={(event) => {
              event.preventDefault();
              back.onBack();
            }}
          >
            {back.text}
          </Button>
        ) : (
          <Button type="button" appearance="secondary" size="large" onClick={back.onBack}>
            {back.text}
          </Button>
        ))}
    </div>
  );
}
