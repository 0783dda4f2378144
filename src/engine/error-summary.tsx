import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** One entry of the error summary: the message and the id of the control it leads to. */
export interface SummaryError {
  path: string;
  message: string;
  targetId: string;
}

const useStyles = makeStyles({
  summary: {
    border: `5px solid ${tokens.colorPaletteRedBorder2}`,
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXXL,
    ':focus': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '0' },
  },
  title: { marginTop: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  list: {
    margin: 0,
    paddingLeft: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  link: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/**
 * Focuses a control of a page being opened (a Change link of check answers goes to the page's address): tried at
 * each frame until the page shows it, for up to two seconds.
 */
export function focusControlWhenShown(targetId: string, frames = 120): void {
  if (document.getElementById(targetId) || document.querySelector(`[id^="${CSS.escape(targetId)}_"]`)) {
    focusControl(targetId);
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusControlWhenShown(targetId, frames - 1));
}

/** Moves focus to the control of a field (or the first control inside its group) and brings it into view. */
export function focusControl(targetId: string): void {
  const direct = document.getElementById(targetId);
  const focusable = 'input:not([type=hidden]), select, textarea, button, [tabindex]:not([tabindex="-1"])';
  const target =
    direct && direct.matches(focusable)
      ? direct
      : (direct?.querySelector<HTMLElement>(focusable) ??
        document.querySelector<HTMLElement>(`[id^="${CSS.escape(targetId)}_"]`) ??
        document.querySelector<HTMLElement>(`[data-field="${CSS.escape(targetId)}"] ${focusable}`));
  if (!target) return;
  target.focus();
  const container = target.closest('fieldset, [data-field]') ?? target;
  if (typeof container.scrollIntoView === 'function') container.scrollIntoView({ block: 'start' });
}

/**
 * GOV.UK error summary: 'There is a problem', then one link per error that focuses the field. The parent moves
 * focus to it (ref) when a submission fails.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { errors: SummaryError[] }>(function ErrorSummary(
  { errors },
  ref,
) {
  const styles = useStyles();
  const { t } = useTranslation('forms');
  if (errors.length === 0) return null;
  return (
    <div ref={ref} className={styles.summary} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className={styles.title}>
        {t('engine.errorSummaryTitle')}
      </h2>
      <ul className={styles.list}>
        {errors.map((e) => (
          <li key={`${e.path}|${e.message}`}>
            <Link
              href={`#${e.targetId}`}
              className={styles.link}
              onClick={(event) => {
                event.preventDefault();
                focusControl(e.targetId);
              }}
            >
              {e.message}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
});
