import { Trans } from 'react-i18next';
import { usePageStyles } from '@/ui/page-styles';

/**
 * A translated text whose `<hidden>...</hidden>` part is read by screen readers only, so that repeated
 * "Change" or "Delete" actions each have a name of their own.
 */
export function HiddenText({ i18nKey, values }: { i18nKey: string; values?: Record<string, unknown> }) {
  const styles = usePageStyles();
  return (
    <Trans
      ns="applications"
      i18nKey={i18nKey}
      values={values}
      components={{ hidden: <span className={styles.visuallyHidden} /> }}
    />
  );
}
